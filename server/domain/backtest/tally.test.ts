import { describe, expect, it } from "vitest";
import { backtestResult, emptyTallies, replay, type StoredScore } from "./tally";

const scoreOf = (over: Partial<StoredScore>): StoredScore => ({
  id: "txn_1",
  createdAt: new Date("2026-01-01T00:00:00.400Z"),
  riskScore: 50,
  decision: "challenge",
  signals: [],
  amount: 1000,
  currency: "USD",
  paymentMethodType: "card",
  merchantId: null,
  merchantCategory: null,
  label: null,
  ...over,
});
const bands = (block: number, challenge: number) => ({ score_bands: { block, challenge }, rules: [] });

describe("replay and its result", () => {
  it("a challenge counts as caught: fraud moved from allow to challenge is caught, from challenge to allow lost", () => {
    const t = emptyTallies();
    replay(t, scoreOf({ id: "a", riskScore: 30, decision: "allow", label: "fraud" }), bands(75, 25));
    replay(t, scoreOf({ id: "b", riskScore: 45, decision: "challenge", label: "fraud" }), bands(75, 50));
    replay(t, scoreOf({ id: "c", riskScore: 45, decision: "challenge", label: "legit" }), bands(75, 50));
    replay(t, scoreOf({ id: "d", riskScore: 80, decision: "block", label: "legit" }), bands(75, 25));
    const r = backtestResult(t);
    expect(r.outcomes).toMatchObject({ fraud_caught_added: 1, fraud_caught_lost: 1, false_positives_removed: 1, false_positives_added: 0 });
    expect(r.outcomes.live).toMatchObject({ fraud_caught: 1, fraud_missed: 1, false_positives: 2 });
    // d moved nowhere (block stays block); each replay used its own draft, which is what the counts show.
    expect(r.changed).toBe(3);
  });

  it("keeps at most 10 examples per move, the first met, with the wire's timestamps to the second", () => {
    const t = emptyTallies();
    for (let i = 0; i < 12; i++) replay(t, scoreOf({ id: `txn_${i}`, riskScore: 20, decision: "allow" }), bands(15, 5));
    const [move] = backtestResult(t).moves;
    expect(move).toMatchObject({ from: "allow", to: "block", count: 12 });
    expect(move!.examples).toHaveLength(10);
    expect(move!.examples[0]).toEqual({
      transaction_id: "txn_0",
      created_at: "2026-01-01T00:00:00Z",
      risk_score: 20,
      from: "allow",
      to: "block",
      rule_id: null,
    });
  });

  it("decides with the draft's first enabled matching rule before its bands, like the engine", () => {
    const t = emptyTallies();
    const draft = {
      score_bands: { block: 75, challenge: 40 },
      rules: [
        { id: "off", name: "Disabled", enabled: false, action: "block" as const, when: { signals_any: ["new_user"] } },
        { id: "ok", name: "Allow EUR", enabled: true, action: "allow" as const, when: { currencies: ["EUR"], signals_all: ["new_user"] } },
      ],
    };
    replay(t, scoreOf({ riskScore: 90, decision: "block", currency: "EUR", signals: ["new_user"] }), draft);
    replay(t, scoreOf({ id: "txn_2", riskScore: 90, decision: "block", currency: "USD", signals: ["new_user"] }), draft);
    const r = backtestResult(t);
    expect(r.matrix.block).toEqual({ allow: 1, challenge: 0, block: 1 });
    expect(r.moves[0]!.examples[0]!.rule_id).toBe("ok");
  });
});
