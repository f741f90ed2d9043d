import { describe, expect, it, vi } from "vitest";
import {
  aliasStrengthLabel,
  dobMatchLabel,
  dobMatchTone,
  formatMatchScore,
  isHighConfidence,
  isReviewed,
  suppressionSentence,
  topMatch,
} from "../format/screening";
import type { ScreeningMatch } from "../api/wire";
import { ListedEntitySchema, ScreeningDetailSchema } from "../api/wire-schemas";
import { outcomeDecisions, reviewOutcomes, ReviewScreeningInputSchema } from "./screening";

vi.mock("server-only", () => ({}));

const match = (entity_name: string, match_score: number): ScreeningMatch => ({
  list: "pep",
  match_score,
  entity_name,
  entity_type: "individual",
  reason: "Politically exposed person",
  entity_id: `pep:${entity_name}`,
  matched_name: entity_name,
  matched_alias_strength: "primary",
  dob_match: "not_compared",
});

// What the server's review rules derive from decision + reason (server/domain/screening/review.ts,
// restated here: the console may not import server code).
function serverReviewState(decision: string, reason: string) {
  if (reason === "false_positive") return "false_positive";
  if (reason === "confirmed_fraud" || decision === "block") return "true_match";
  if (decision === "challenge") return "needs_information";
  return "cleared";
}

describe("outcomeDecisions", () => {
  it("records each outcome as the decision and reason the API reads back as that review state", () => {
    for (const outcome of reviewOutcomes) {
      const { decision, reason } = outcomeDecisions[outcome];
      expect(serverReviewState(decision, reason)).toBe(outcome);
    }
  });
  it("uses only reasons the API's decision record takes", () => {
    const reasons = ["manual_review", "customer_verified", "false_positive", "confirmed_fraud", "policy_exception"];
    for (const outcome of reviewOutcomes) expect(reasons).toContain(outcomeDecisions[outcome].reason);
  });
});

describe("ReviewScreeningInputSchema", () => {
  it("accepts notes up to 1,000 characters and refuses more", () => {
    expect(
      ReviewScreeningInputSchema.safeParse({ screening_id: "scr_1", outcome: "false_positive", notes: "x".repeat(1000) }).success,
    ).toBe(true);
    const long = ReviewScreeningInputSchema.safeParse({ screening_id: "scr_1", outcome: "false_positive", notes: "x".repeat(1001) });
    expect(long.success).toBe(false);
  });
  it("refuses an outcome that is not one of the three, and takes no analyst id", () => {
    expect(ReviewScreeningInputSchema.safeParse({ screening_id: "scr_1", outcome: "cleared" }).success).toBe(false);
    const parsed = ReviewScreeningInputSchema.parse({ screening_id: "scr_1", outcome: "true_match", analyst_id: "ana_evil" });
    expect(parsed).not.toHaveProperty("analyst_id");
  });
});

describe("response schemas", () => {
  it("reads a screening detail with a listed entity and a removed one", () => {
    const detail = ScreeningDetailSchema.parse({
      object: "watchlist_screening",
      screening_id: "scr_1",
      user_id: "u1",
      name: "Maria Jane Cantwell",
      date_of_birth: "1958-10-13",
      lists: ["pep"],
      status: "possible_match",
      matches: [match("Maria Cantwell", 0.8)],
      suppressed_matches: [],
      review_state: "pending_review",
      review_decision_id: null,
      verification_id: null,
      screened_at: "2026-11-22T00:11:44Z",
      reviewed_at: null,
      subject_key: "sk_1",
      twins: [],
      listed_entities: [
        {
          entity_id: "pep:Maria Cantwell",
          list: "pep",
          entity_type: "individual",
          primary_name: "Maria Cantwell",
          aliases: [{ name: "M. Cantwell", strength: "weak" }],
          dates_of_birth: ["1958-10-13"],
          nationalities: ["US"],
          programmes: [],
          remarks: "",
          details: { source_url: "https://example.org" },
          changed: false,
        },
        { entity_id: "ofac:1", list: "ofac", removed: true },
      ],
    });
    expect(detail.listed_entities).toHaveLength(2);
    expect("removed" in detail.listed_entities[1]!).toBe(true);
    expect(ListedEntitySchema.safeParse({ entity_id: "x", list: "ofac" }).success).toBe(false);
  });
});

describe("labels and wording", () => {
  it("names alias quality and date-of-birth comparisons in words", () => {
    expect(aliasStrengthLabel("weak")).toMatch(/weak alias/);
    expect(aliasStrengthLabel("primary")).toBe("primary name");
    expect(dobMatchLabel("exact")).toBe("Date of birth matches exactly");
    expect(dobMatchLabel("something_new")).toBe("something new");
    expect(dobMatchTone("year")).toBe("supports");
    expect(dobMatchTone("conflict")).toBe("contradicts");
    expect(dobMatchTone("not_compared")).toBe("neutral");
  });
  it("formats scores and marks high confidence above 0.85 only", () => {
    expect(formatMatchScore(0.8)).toBe("80%");
    expect(formatMatchScore(1)).toBe("100%");
    expect(isHighConfidence(0.85)).toBe(false);
    expect(isHighConfidence(0.86)).toBe(true);
  });
  it("picks the best match of a screening", () => {
    expect(topMatch({ matches: [] })).toBeUndefined();
    expect(topMatch({ matches: [match("A", 0.71), match("B", 0.93), match("C", 0.8)] })?.entity_name).toBe("B");
  });
  it("describes the suppression a false positive creates", () => {
    expect(suppressionSentence("cus_1", "Maria Cantwell")).toBe(
      "Future screenings of cus_1 will not match Maria Cantwell until the list entry changes.",
    );
    expect(suppressionSentence(null, "Maria Cantwell")).toMatch(/Nothing is suppressed/);
  });
  it("counts a review as done except while pending or not required", () => {
    expect(isReviewed("pending_review")).toBe(false);
    expect(isReviewed("not_required")).toBe(false);
    expect(isReviewed("needs_information")).toBe(true);
    expect(isReviewed("false_positive")).toBe(true);
  });
});
