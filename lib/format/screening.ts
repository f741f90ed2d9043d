import type { ReviewOutcome } from "../schemas/screening";
import type { ScreeningMatch, ScreeningStatus, Screening } from "../api/wire";

// Screenings and their review in the console's words.

export const reviewOutcomeLabels: Record<ReviewOutcome, string> = {
  true_match: "True match",
  false_positive: "False positive",
  needs_information: "Need more information",
};

export const reviewOutcomeHints: Record<ReviewOutcome, string> = {
  true_match: "The person is the listed entity. Recorded as block, manual review (not a fraud label).",
  false_positive:
    "The person is not the listed entity. Recorded as allow, false positive; later screenings of this user will not match these entries.",
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
  return screening.matches.reduce<ScreeningMatch | undefined>(
    (best, m) => (!best || m.match_score > best.match_score ? m : best),
    undefined,
  );
}

/** The sentence shown after a false positive, one per suppressed (user, entity) pair. */
export function suppressionSentence(userId: string | null, entityName: string): string {
  if (!userId)
    return `Nothing is suppressed: this screening was made by name only, with no user whose later screenings could skip ${entityName}.`;
  return `Future screenings of ${userId} will not match ${entityName} until the list entry changes.`;
}

export const isReviewed = (state: string): boolean => state !== "pending_review" && state !== "not_required";
