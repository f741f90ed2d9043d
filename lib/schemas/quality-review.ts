import { z } from "zod";
import { resolutions } from "../api/wire";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";

// The second resolution of a blind quality review (server/domain/quality/README.md).

export const QualityReviewInputSchema = z.object({
  resolution: z.enum(resolutions, { error: "Choose the outcome: confirmed fraud, false positive or inconclusive." }),
  notes: z.string().trim().max(TEXT_LIMITS.qualityReviewNotes, tooLongMessage(TEXT_LIMITS.qualityReviewNotes)).optional(),
});

export type QualityReviewInput = z.infer<typeof QualityReviewInputSchema>;

/** The admin's form: the share of resolved cases drawn, as a whole per cent (0–100). */
export const QualityPolicyFormSchema = z.object({
  percent: z.coerce
    .number({ error: "Enter a number from 0 to 100." })
    .min(0, "Enter a number from 0 to 100.")
    .max(100, "Enter a number from 0 to 100."),
});

export const UpdateQualityPolicyInputSchema = z.object({ version: z.number().int().min(0), sample_rate: z.number().min(0).max(1) });
