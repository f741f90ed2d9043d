import { formatDuration } from "../format/sla";
import type { SlaValues } from "./sla-policy";

// The SLA editor's draft and review helpers, without zod: the editor runs them at first paint;
// SlaFormSchema (sla-policy.ts) loads on the first validation.

export const slaSeverities = ["critical", "high", "medium", "low"] as const;
export type SlaSeverity = (typeof slaSeverities)[number];
export const slaKinds = ["case_due_seconds", "alert_due_seconds"] as const;
export type SlaKind = (typeof slaKinds)[number];
export type DueSeconds = Record<SlaSeverity, number>;
export type SlaDraft = Record<SlaKind, Record<SlaSeverity, string>>;

const asMinutes = (seconds: number) => String(Number((seconds / 60).toFixed(4)));

export function slaDraftOf(policy: { case_due_seconds: DueSeconds; alert_due_seconds: DueSeconds }): SlaDraft {
  const side = (d: DueSeconds) => Object.fromEntries(slaSeverities.map((s) => [s, asMinutes(d[s])])) as Record<SlaSeverity, string>;
  return { case_due_seconds: side(policy.case_due_seconds), alert_due_seconds: side(policy.alert_due_seconds) };
}

const kindLabel = { case_due_seconds: "cases", alert_due_seconds: "alerts" } as const;
const label = (s: SlaSeverity) => s[0]!.toUpperCase() + s.slice(1);

/** The review's lines: "Critical cases: due 4 h → 1 min after opening". */
export function slaChanges(saved: { case_due_seconds: DueSeconds; alert_due_seconds: DueSeconds }, next: Partial<SlaValues>): string[] {
  return slaKinds.flatMap((kind) =>
    slaSeverities.flatMap((s) => {
      const to = next[kind]?.[s];
      const from = saved[kind][s];
      return to === undefined || !Number.isFinite(to) || to === from
        ? []
        : [`${label(s)} ${kindLabel[kind]}: due ${formatDuration(from)} → ${formatDuration(to)} after opening`];
    }),
  );
}

/**
 * The draft as seconds, so the change count follows the typing: what SlaFormSchema gives for a
 * valid draft (minutes × 60, rounded); a field that is not a number is NaN and counts as unchanged.
 */
export function slaSecondsOf(draft: SlaDraft): SlaValues {
  const side = (kind: SlaKind) => Object.fromEntries(slaSeverities.map((s) => [s, Math.round(Number(draft[kind][s]) * 60)])) as DueSeconds;
  return { case_due_seconds: side("case_due_seconds"), alert_due_seconds: side("alert_due_seconds") };
}
