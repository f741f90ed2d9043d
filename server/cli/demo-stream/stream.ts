import type { DemoClient, Flow } from "./client";
import { atoWave, cardTestingBurst, syntheticRing, watchlistHits } from "./attacks";
import { ordinaryCustomers, pendingKyc, scoreBody } from "./ordinary";
import { person } from "./people";
import type { Rng } from "./rng";

/**
 * A checkout bot hammering one account and one card (a scripted retry loop): ≥ 20 live scores
 * for the user and the card within a minute.
 */
export function retryBot(rng: Rng, tag: string, attempts = 22): Flow {
  const p = { ...person(rng, `cus_${tag}_bot`), currency: "USD" };
  const amounts = Array.from({ length: attempts }, () => rng.int(4000, 6000));
  return async (api: DemoClient) => {
    for (const amount of amounts) await api.post("/v1/transactions/score", scoreBody(p, amount, p.card, { category: "electronics" }));
  };
}

export type StreamOptions = { customers: number };

/** The alert types the stream is built to produce. */
export const EXPECTED_ALERTS = ["card_testing", "velocity_spike", "new_device_cluster", "ato_pattern", "identity_abuse"] as const;

/**
 * The whole demo stream as flows: ordinary customers with the fraud scenarios placed among them
 * (at fixed fractions of the stream, so the console shows them amid normal traffic).
 */
export function demoStream(rng: Rng, tag: string, o: StreamOptions): Flow[] {
  const ordinary = ordinaryCustomers(rng, tag, o.customers);
  const placed: [number, Flow[]][] = [
    [0.15, pendingKyc(rng, tag, 3)],
    [0.3, watchlistHits(rng, tag)],
    [0.45, [cardTestingBurst(rng, tag)]],
    [0.55, atoWave(rng, tag)],
    [0.7, [syntheticRing(rng, tag)]],
    [0.8, [retryBot(rng, tag)]],
  ];
  const flows: Flow[] = [];
  let next = 0;
  ordinary.forEach((flow, i) => {
    while (next < placed.length && i >= Math.floor(placed[next]![0] * ordinary.length)) flows.push(...placed[next++]![1]);
    flows.push(flow);
  });
  while (next < placed.length) flows.push(...placed[next++]![1]);
  return flows;
}
