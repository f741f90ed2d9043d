import { z } from "zod";
import { TEXT_LIMITS } from "./text-limits";

// Stored watchlist screenings (GET /v1/identity/screenings, DESIGN.md "Watchlist review") and the
// reviewer's decision on one (POST /v1/decisions with `screening_id`). Shared by server and client
// code: shapes, labels and the wording of the review only.

export const screeningStatuses = ["clear", "match", "possible_match"] as const;
export const reviewStates = ["not_required", "pending_review", "true_match", "false_positive", "needs_information", "cleared"] as const;

export type ScreeningStatus = (typeof screeningStatuses)[number];
export type ReviewState = (typeof reviewStates)[number];

export const MatchSchema = z.object({
  list: z.string(),
  match_score: z.number(),
  entity_name: z.string(),
  entity_type: z.string(),
  reason: z.string(),
  entity_id: z.string(),
  matched_name: z.string(),
  matched_alias_strength: z.string(),
  dob_match: z.string(),
});

export type ScreeningMatch = z.infer<typeof MatchSchema>;

export const ScreeningSchema = z.object({
  object: z.literal("watchlist_screening"),
  screening_id: z.string(),
  user_id: z.string().nullable(),
  name: z.string(),
  date_of_birth: z.string().nullable(),
  lists: z.array(z.string()),
  status: z.enum(screeningStatuses),
  matches: z.array(MatchSchema),
  suppressed_matches: z.array(MatchSchema),
  // A string, not the enum: a review state added to the API later must not break the queue.
  review_state: z.string(),
  review_decision_id: z.string().nullable(),
  verification_id: z.string().nullable(),
  screened_at: z.string(),
  reviewed_at: z.string().nullable(),
});

export type Screening = z.infer<typeof ScreeningSchema>;

/** A listed entity as the current lists hold it; `removed` when the entry left its list since. */
export const ListedEntitySchema = z.union([
  z.object({
    entity_id: z.string(),
    list: z.string(),
    entity_type: z.string(),
    primary_name: z.string(),
    aliases: z.array(z.object({ name: z.string(), strength: z.string() })),
    dates_of_birth: z.array(z.string()),
    nationalities: z.array(z.string()),
    programmes: z.array(z.string()),
    remarks: z.string(),
    details: z.record(z.string(), z.string()),
    changed: z.boolean(),
  }),
  z.object({ entity_id: z.string(), list: z.string(), removed: z.literal(true) }),
]);

export type ListedEntity = z.infer<typeof ListedEntitySchema>;

export const ScreeningDetailSchema = ScreeningSchema.extend({ listed_entities: z.array(ListedEntitySchema) });

export type ScreeningDetail = z.infer<typeof ScreeningDetailSchema>;

/** The immutable decision record POST /v1/decisions answers with. */
export const DecisionRecordSchema = z.object({
  object: z.literal("decision"),
  decision_id: z.string(),
  transaction_id: z.string().nullable(),
  screening_id: z.string().optional(),
  decision: z.enum(["allow", "challenge", "block"]),
  reason: z.string(),
  notes: z.string().nullable(),
  analyst_id: z.string().nullable(),
  created_at: z.string(),
});

export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;

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
  notes: z.string().trim().max(REVIEW_NOTES_MAX, `Notes may have at most ${REVIEW_NOTES_MAX.toLocaleString("en-GB")} characters.`).optional(),
});

export type ReviewScreeningInput = z.infer<typeof ReviewScreeningInputSchema>;

export const reviewOutcomeLabels: Record<ReviewOutcome, string> = {
  true_match: "True match",
  false_positive: "False positive",
  needs_information: "Need more information",
};

export const reviewOutcomeHints: Record<ReviewOutcome, string> = {
  true_match: "The person is the listed entity. Recorded as block, manual review (not a fraud label).",
  false_positive: "The person is not the listed entity. Recorded as allow, false positive; later screenings of this user will not match these entries.",
  needs_information: "You cannot decide yet. Recorded as challenge, manual review; the screening leaves the pending queue.",
};

export const reviewStateLabels: Record<string, string> = {
  not_required: "No review needed",
  pending_review: "Pending review",
  true_match: "True match",
  false_positive: "False positive",
  needs_information: "Needs information",
  cleared: "Cleared",
};

export const reviewStateLabel = (state: string): string => reviewStateLabels[state] ?? state.replaceAll("_", " ");

export const screeningStatusLabels: Record<ScreeningStatus, string> = { clear: "Clear", match: "Match", possible_match: "Possible match" };

export const listLabels: Record<string, string> = {
  ofac: "OFAC SDN",
  un_sanctions: "UN sanctions",
  eu_sanctions: "EU sanctions",
  pep: "Politically exposed persons",
  adverse_media: "Adverse media",
};

export const listLabel = (list: string): string => listLabels[list] ?? list;

/** Which of the entity's names matched, in words. */
export function aliasStrengthLabel(strength: string): string {
  if (strength === "primary") return "primary name";
  if (strength === "strong") return "strong alias";
  if (strength === "weak") return "weak alias (low quality: nickname or partial name)";
  return strength;
}

const dobMatchLabels: Record<string, string> = {
  exact: "Date of birth matches exactly",
  day_month_swapped: "Date of birth matches with day and month swapped",
  month: "Year and month of birth match",
  year: "Year of birth matches",
  partial_conflict: "Date of birth partly conflicts",
  conflict: "Date of birth conflicts",
  not_compared: "Date of birth not compared (missing on one side)",
};

export const dobMatchLabel = (value: string): string => dobMatchLabels[value] ?? value.replaceAll("_", " ");

/** Whether the date of birth supports (true), contradicts (false) or says nothing about (null) the match. */
export function dobMatchTone(value: string): "supports" | "contradicts" | "neutral" {
  if (value === "exact" || value === "day_month_swapped" || value === "month" || value === "year") return "supports";
  if (value === "conflict" || value === "partial_conflict") return "contradicts";
  return "neutral";
}

/** "0.80" → "80%": the score as a percentage, and whether the API counts it high confidence (> 0.85). */
export function formatMatchScore(score: number): string {
  return `${Math.round(score * 100)}%`;
}

export const isHighConfidence = (score: number): boolean => score > 0.85;

/** The highest-scoring match, which the queue shows for a screening. */
export function topMatch(screening: Pick<Screening, "matches">): ScreeningMatch | undefined {
  return screening.matches.reduce<ScreeningMatch | undefined>((best, m) => (!best || m.match_score > best.match_score ? m : best), undefined);
}

/** The sentence shown after a false positive, one per suppressed (user, entity) pair. */
export function suppressionSentence(userId: string | null, entityName: string): string {
  if (!userId) return `Nothing is suppressed: this screening was made by name only, with no user whose later screenings could skip ${entityName}.`;
  return `Future screenings of ${userId} will not match ${entityName} until the list entry changes.`;
}

export const isReviewed = (state: string): boolean => state !== "pending_review" && state !== "not_required";
