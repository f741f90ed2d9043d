import { z } from "zod";
import { RuleInputSchema, ScoreBandsInputSchema } from "./policy";

// A period of whole UTC days, as the backtest and the audit-log download ask for it. The limit of
// a year is the API's (400 naming it): the console shows that refusal rather than restating it.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Choose a date." });

export const PeriodFormSchema = z
  .object({ start: day, end: day })
  .refine((period) => period.start <= period.end, { error: "The end cannot be before the start.", path: ["end"] });

export type { PeriodForm } from "./period-days";
export { lastDays, periodBounds } from "./period-days";

const instant = z.iso.datetime();

export const PeriodQuerySchema = z.object({ start_time: instant, end_time: instant });

export const StartBacktestInputSchema = PeriodQuerySchema.extend({
  draft: z.object({ score_bands: ScoreBandsInputSchema, rules: z.array(RuleInputSchema).max(100, { error: "At most 100 rules." }) }),
});
