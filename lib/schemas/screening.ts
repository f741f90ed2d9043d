import { z } from "zod";
import { TEXT_LIMITS } from "./text-limits";

// The review form of a watchlist screening: the reviewer's decision on one (POST /v1/decisions
// with `screening_id`).

// The three outcomes a reviewer chooses, and the decision + reason each is recorded as. The API
// derives the review state from them (server review rules: reason false_positive → false positive;
// confirmed_fraud or block → true match; challenge → needs information).
export const reviewOutcomes = ["true_match", "false_positive", "needs_information"] as const;
export type ReviewOutcome = (typeof reviewOutcomes)[number];

export const outcomeDecisions: Record<ReviewOutcome, { decision: "allow" | "challenge" | "block"; reason: string }> = {
  // manual_review, not confirmed_fraud: a sanctions or PEP match is not fraud, and the reason
  // must not teach the model that it is (the server reads a block as a true match either way).
  true_match: { decision: "block", reason: "manual_review" },
  false_positive: { decision: "allow", reason: "false_positive" },
  needs_information: { decision: "challenge", reason: "manual_review" },
};

/** Recorded as a decision's notes: the same limit. */
export const REVIEW_NOTES_MAX = TEXT_LIMITS.decisionNotes;

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
