import { describe, expect, it } from "vitest";
import { ApprovalPolicyFormSchema } from "./approval-policy";
import { DecideApprovalInputSchema } from "./approval";
import { heldReviewLabel } from "../format/approval";

describe("the approve / reject form", () => {
  it("needs a reason, trimmed, at most 1,000 characters", () => {
    const base = { approval_id: "apr_1", verdict: "approve" as const };
    expect(DecideApprovalInputSchema.safeParse({ ...base, reason: "   " }).success).toBe(false);
    expect(DecideApprovalInputSchema.safeParse({ ...base, reason: "x".repeat(1001) }).success).toBe(false);
    expect(DecideApprovalInputSchema.parse({ ...base, reason: "  Checked.  " }).reason).toBe("Checked.");
  });
});

describe("the four-eyes settings form", () => {
  const form = (min_exposure: string) =>
    ApprovalPolicyFormSchema.safeParse({ min_exposure, screening_review: false, score_policy_publish: true });
  it("takes an empty exposure (never held) or a whole number of minor units", () => {
    expect(form("").success).toBe(true);
    expect(form("0").success).toBe(true);
    expect(form("250000").success).toBe(true);
    expect(form("-1").success).toBe(false);
    expect(form("12.5").success).toBe(false);
    expect(form("2147483648").success).toBe(false);
  });
});

describe("a held watchlist review in words", () => {
  it("reads the decision as the server's review rules do", () => {
    expect(heldReviewLabel({ decision: "allow", reason: "false_positive" })).toMatch(/^False positive/);
    expect(heldReviewLabel({ decision: "block", reason: "manual_review" })).toMatch(/^True match/);
    expect(heldReviewLabel({ decision: "challenge", reason: "confirmed_fraud" })).toMatch(/^True match/);
  });
});
