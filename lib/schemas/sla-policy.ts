import { z } from "zod";
import { formatDuration } from "../format/sla";

// The SLA policy form: a due time per severity for cases and for alerts, entered in minutes
// (decimals allowed, so a test account can use seconds), sent in seconds (1 s to a year).

export const slaSeverities = ["critical", "high", "medium", "low"] as const;
export type SlaSeverity = (typeof slaSeverities)[number];
export const slaKinds = ["case_due_seconds", "alert_due_seconds"] as const;
export type SlaKind = (typeof slaKinds)[number];
export type DueSeconds = Record<SlaSeverity, number>;
export type SlaDraft = Record<SlaKind, Record<SlaSeverity, string>>;

const YEAR_MINUTES = 366 * 24 * 60;

const minutes = z
  .string()
  .trim()
  .min(1, "Enter a due time in minutes.")
  .refine((v) => Number.isFinite(Number(v)), "Enter a number of minutes.")
  .refine((v) => Math.round(Number(v) * 60) >= 1, "A due time must be positive (at least one second).")
  .refine((v) => Number(v) <= YEAR_MINUTES, "At most a year (527,040 minutes).")
  .transform((v) => Math.round(Number(v) * 60));

const dueSeconds = z.object({ critical: minutes, high: minutes, medium: minutes, low: minutes });
export const SlaFormSchema = z.object({ case_due_seconds: dueSeconds, alert_due_seconds: dueSeconds });
export type SlaValues = z.output<typeof SlaFormSchema>;

export const UpdateSlaPolicyInputSchema = z.object({
  version: z.number().int().min(0),
  case_due_seconds: z.object({ critical: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  alert_due_seconds: z.object({ critical: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
});

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
