import type { Flow } from "../demo-stream/client";
import { atoWave, cardTestingBurst, syntheticRing } from "../demo-stream/attacks";
import { ordinaryCustomers } from "../demo-stream/ordinary";
import type { Rng } from "../demo-stream/rng";
import { retryBot } from "../demo-stream/stream";

// The history's traffic: the demo stream's own customers and attacks, cut into the slices the
// timeline sends at each step. Ordinary customers arrive all day (fewer at night); the attacks
// come back now and then over the two weeks, each at one step, as the detectors expect them.

export type Step = { at: number; day: number; hour: number; business: boolean };

/** Which attacks happen on which day of the history (0 = the first day), by name. */
const ATTACKS: Record<number, ("card_testing" | "ato" | "ring" | "retry_bot")[]> = {
  1: ["card_testing"],
  3: ["ato"],
  4: ["retry_bot"],
  5: ["card_testing"],
  7: ["ring"],
  9: ["card_testing", "ato"],
  11: ["retry_bot"],
  12: ["card_testing"],
  13: ["ato"],
};

/**
 * The flows of every step, drawn up front from `rng` so the history is the same whatever order
 * the requests complete in. `customersPerStep` is the mean in business hours (a third at night).
 */
export function planTraffic(rng: Rng, steps: readonly Step[], o: { customersPerStep: number; tag: string }): Flow[][] {
  const byStep: Flow[][] = steps.map(() => []);
  steps.forEach((step, i) => {
    const mean = step.business ? o.customersPerStep : Math.max(1, Math.round(o.customersPerStep / 3));
    const n = rng.int(Math.max(1, mean - 2), mean + 2);
    const tag = `${o.tag}${String(step.day).padStart(2, "0")}s${i}`;
    byStep[i]!.push(...ordinaryCustomers(rng, tag, n, { purchases: [1, 3], kycShare: 0.15 }));
  });
  // Each day's attacks at one of its business steps.
  const days = new Map<number, number[]>();
  steps.forEach((s, i) => s.business && days.set(s.day, [...(days.get(s.day) ?? []), i]));
  for (const [day, kinds] of Object.entries(ATTACKS)) {
    const candidates = days.get(Number(day));
    if (!candidates?.length) continue;
    for (const kind of kinds) {
      const i = rng.pick(candidates);
      const tag = `${o.tag}${day.padStart(2, "0")}${kind.slice(0, 2)}`;
      const flows =
        kind === "card_testing"
          ? [cardTestingBurst(rng, tag, rng.int(16, 24))]
          : kind === "ato"
            ? atoWave(rng, tag, 3)
            : kind === "ring"
              ? [syntheticRing(rng, tag)]
              : [retryBot(rng, tag)];
      byStep[i]!.push(...flows);
    }
  }
  return byStep;
}
