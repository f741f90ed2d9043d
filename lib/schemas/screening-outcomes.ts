import { TEXT_LIMITS } from "./text-limits";

// What the watchlist review form shows, without zod (the form is on screen at first paint; its
// schema in screening.ts loads on the first validation).

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
