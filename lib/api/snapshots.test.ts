import { describe, expect, it, vi } from "vitest";
import type { Case, Screening, Transaction } from "./wire";
import { caseSnapshot, screeningSnapshot, transactionSnapshot } from "./snapshots";

vi.mock("server-only", () => ({}));

const transaction = (contributions: { name: string; points: number; weight: string; detail: string }[]) =>
  ({
    risk_score: 71,
    decision: "challenge",
    signals: [{ name: "new_device", weight: "high_risk" }],
    explanation: { policy_version: 4, contributions },
  }) as unknown as Transaction;

describe("snapshots", () => {
  it("records the score, the engine's decision, the explained signals and the policy version", () => {
    const snap = transactionSnapshot(transaction([{ name: "new_device", points: 18.5, weight: "high", detail: "First seen today" }]));
    expect(snap).toEqual({
      risk_score: 71,
      decision: "challenge",
      signals: [{ name: "new_device", points: 18.5, weight: "high", detail: "First seen today" }],
      policy_version: 4,
    });
  });

  it("falls back to the raw signals when there is no explanation", () => {
    const t = { ...transaction([]), explanation: null } as unknown as Transaction;
    expect(transactionSnapshot(t)).toMatchObject({ signals: [{ name: "new_device", weight: "high_risk" }], policy_version: null });
  });

  it("stays within the API's 16 KB by dropping the signals' details, and is the same on a retry (no time in it)", () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ name: `signal_${i}`, points: i, weight: "medium", detail: "x".repeat(400) }));
    const first = transactionSnapshot(transaction(many));
    expect(JSON.stringify(first).length).toBeLessThanOrEqual(16 * 1024);
    expect(first.signals).toHaveLength(100);
    expect(first.signals![0]).toEqual({ name: "signal_0", points: 0, weight: "medium" });
    expect(transactionSnapshot(transaction(many))).toEqual(first);
  });

  it("records a case's version and what was linked to it", () => {
    const kase = { version: 7, alert_ids: ["alt_1"], transaction_ids: ["txn_1", "txn_2"] } as unknown as Case;
    expect(caseSnapshot(kase)).toEqual({ case_version: 7, alert_ids: ["alt_1"], transaction_ids: ["txn_1", "txn_2"] });
  });

  it("records a screening's result and at most 20 of its matches", () => {
    const match = (i: number) => ({
      entity_id: `e${i}`,
      list: "ofac_sdn",
      match_score: 0.9,
      matched_name: "Maria Cantwell",
      reason: "name",
    });
    const screening = {
      status: "possible_match",
      lists: ["ofac_sdn"],
      matches: Array.from({ length: 30 }, (_, i) => match(i)),
    } as unknown as Screening;
    const snap = screeningSnapshot(screening);
    expect(snap.other).toMatchObject({ screening_status: "possible_match", lists: ["ofac_sdn"] });
    expect((snap.other!.matches as unknown[]).length).toBe(20);
    expect((snap.other!.matches as unknown[])[0]).toEqual({
      entity_id: "e0",
      list: "ofac_sdn",
      match_score: 0.9,
      matched_name: "Maria Cantwell",
    });
  });
});
