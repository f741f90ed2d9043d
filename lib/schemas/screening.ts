import { z } from "zod";

// The review form of a watchlist screening: the reviewer's decision on one (POST /v1/decisions
// with `screening_id`).

import { REVIEW_NOTES_MAX, reviewOutcomes } from "./screening-outcomes";

export { outcomeDecisions, REVIEW_NOTES_MAX, reviewOutcomes, type ReviewOutcome } from "./screening-outcomes";

export const ReviewScreeningInputSchema = z.object({
  screening_id: z.string().min(1).max(255),
  outcome: z.enum(reviewOutcomes),
  notes: z
    .string()
    .trim()
    .max(REVIEW_NOTES_MAX, `Notes may have at most ${REVIEW_NOTES_MAX.toLocaleString("en-GB")} characters.`)
    .optional(),
});

export type ReviewScreeningInput = z.infer<typeof ReviewScreeningInputSchema>;
