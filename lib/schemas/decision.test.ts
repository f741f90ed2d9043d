import { describe, expect, it } from "vitest";
import { DECISION_NOTES_MAX, DecisionFormSchema } from "./decision";
import { decisionChain, decisionReasonLabel } from "../format/decision";
import type { DecisionRecord } from "../api/wire";

const valid = { transaction_id: "txn_01m809kas5qcz6bgptp0f6ha5g", decision: "block", reason: "confirmed_fraud" };

describe("DecisionFormSchema", () => {
  it("accepts the required fields alone and drops blank notes", () => {
    const parsed = DecisionFormSchema.parse({ ...valid, notes: "   " });
    expect(parsed).toEqual(valid);
  });

  it("requires a decision, a reason and the transaction", () => {
    const result = DecisionFormSchema.safeParse({ transaction_id: " " });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]).sort();
    expect(fields).toEqual(["decision", "reason", "transaction_id"]);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages.decision).toBe("Choose allow, challenge or block.");
    expect(messages.reason).toBe("Choose the reason for the decision.");
  });

  it("takes only the API's decisions and reasons", () => {
    expect(DecisionFormSchema.safeParse({ ...valid, decision: "approve" }).success).toBe(false);
    expect(DecisionFormSchema.safeParse({ ...valid, reason: "gut_feeling" }).success).toBe(false);
    for (const reason of ["manual_review", "customer_verified", "false_positive", "confirmed_fraud", "policy_exception"]) {
      expect(DecisionFormSchema.safeParse({ ...valid, reason }).success).toBe(true);
    }
  });

  it("allows notes of exactly 1,000 characters and refuses 1,001", () => {
    expect(DECISION_NOTES_MAX).toBe(1000);
    expect(DecisionFormSchema.parse({ ...valid, notes: "x".repeat(1000) }).notes).toHaveLength(1000);
    const tooLong = DecisionFormSchema.safeParse({ ...valid, notes: "x".repeat(1001) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe("Notes can be at most 1,000 characters.");
    // Surrounding whitespace is trimmed before counting: it is not sent.
    expect(DecisionFormSchema.safeParse({ ...valid, notes: ` ${"x".repeat(1000)}\n` }).success).toBe(true);
  });

  it("has no analyst field: the analyst comes from the session", () => {
    const parsed = DecisionFormSchema.parse({ ...valid, analyst_id: "ana_someone_else" });
    expect(parsed).not.toHaveProperty("analyst_id");
  });
});

describe("decisionChain", () => {
  const record = (id: string, created_at: string, decision: DecisionRecord["decision"] = "allow"): DecisionRecord => ({
    object: "decision",
    decision_id: id,
    transaction_id: "txn_1",
    decision,
    reason: "manual_review",
    notes: null,
    analyst_id: null,
    seq: 1,
    snapshot: null,
    hash: null,
    created_at,
  });

  it("orders oldest first and marks only the newest as in force", () => {
    const chain = decisionChain([record("dec_2", "2026-01-02T00:00:00Z", "block"), record("dec_1", "2026-01-01T00:00:00Z")]);
    expect(chain.map((c) => [c.record.decision_id, c.current])).toEqual([
      ["dec_1", false],
      ["dec_2", true],
    ]);
  });

  it("breaks same-second ties by id (ids sort by creation)", () => {
    const chain = decisionChain([record("dec_b", "2026-01-01T00:00:00Z"), record("dec_a", "2026-01-01T00:00:00Z")]);
    expect(chain.map((c) => c.record.decision_id)).toEqual(["dec_a", "dec_b"]);
  });

  it("is empty for a transaction nobody reviewed", () => {
    expect(decisionChain([])).toEqual([]);
  });
});

describe("decisionReasonLabel", () => {
  it("labels known reasons and keeps unknown ones readable", () => {
    expect(decisionReasonLabel("false_positive")).toBe("False positive");
    expect(decisionReasonLabel("chargeback_received")).toBe("chargeback received");
  });
});
