import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

// The API replays a decision sent again with the same Idempotency-Key (server/http/idempotency);
// here: the labels of one case resolution are sent with the same keys every time, so a retry
// records each label once.
type Sent = { transactionId: string; key: string };
let sent: Sent[] = [];
let recorded = new Map<string, string>();
vi.mock("../api/decisions", () => ({
  createTransactionDecision: async (_env: string, _analyst: string, input: { transaction_id: string }, key: string) => {
    sent.push({ transactionId: input.transaction_id, key });
    // What the API does: a key seen before replays its decision instead of recording another.
    if (!recorded.has(key)) recorded.set(key, input.transaction_id);
    return { decision_id: key };
  },
}));

const { caseLabelKey, labelCaseTransactions } = await import("./case-labels");

beforeEach(() => {
  sent = [];
  recorded = new Map();
});

describe("labelCaseTransactions", () => {
  it("sends the same keys on a retry, so each transaction is labelled once", async () => {
    const kase = { case_id: "case_1", transaction_ids: ["txn_a", "txn_b"] };
    expect(await labelCaseTransactions("pre-production", "ana_1", kase)).toEqual({ labelled: 2, unlabelled: 0 });
    await labelCaseTransactions("pre-production", "ana_1", kase);
    expect(sent).toHaveLength(4);
    expect(sent.slice(2)).toEqual(sent.slice(0, 2));
    expect([...recorded.values()].sort()).toEqual(["txn_a", "txn_b"]);
  });

  it("derives a distinct key per case, transaction and label, within the API's key rules", () => {
    const keys = [
      caseLabelKey("case_1", "txn_a", "confirmed_fraud"),
      caseLabelKey("case_2", "txn_a", "confirmed_fraud"),
      caseLabelKey("case_1", "txn_b", "confirmed_fraud"),
      caseLabelKey("case_1", "txn_a", "false_positive"),
    ];
    expect(new Set(keys).size).toBe(4);
    expect(caseLabelKey("case_1", "txn_a", "confirmed_fraud")).toBe(keys[0]);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{64}$/);
  });
});
