import { z } from "zod";

// The SLA policy form: a due time per severity for cases and for alerts, entered in minutes
// (decimals allowed, so a test account can use seconds), sent in seconds (1 s to a year).

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
