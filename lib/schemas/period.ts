import { z } from "zod";
import { RuleInputSchema, ScoreBandsInputSchema } from "./policy";

// A period of whole UTC days, as the backtest and the audit-log download ask for it. The limit of
// a year is the API's (400 naming it): the console shows that refusal rather than restating it.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Choose a date." });

export const PeriodFormSchema = z
  .object({ start: day, end: day })
  .refine((period) => period.start <= period.end, { error: "The end cannot be before the start.", path: ["end"] });

export type PeriodForm = z.infer<typeof PeriodFormSchema>;

/** From the first second of the start day to the last second of the end day, UTC. */
export function periodBounds(period: PeriodForm): { start_time: string; end_time: string } {
  return { start_time: `${period.start}T00:00:00Z`, end_time: `${period.end}T23:59:59Z` };
}

/** The `days` whole days up to and including today (UTC), as the form's first values. */
export function lastDays(days: number, now = new Date()): PeriodForm {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start, end };
}

const instant = z.iso.datetime();

export const PeriodQuerySchema = z.object({ start_time: instant, end_time: instant });

export const StartBacktestInputSchema = PeriodQuerySchema.extend({
  draft: z.object({ score_bands: ScoreBandsInputSchema, rules: z.array(RuleInputSchema).max(100, { error: "At most 100 rules." }) }),
});
