import { describe, expect, it } from "vitest";
import { formatAmount, maskedPaymentMethod, riskBandOf, scoredSummary, summaryOfScoredEvent } from "../format/transaction";
import { transactionIdOf } from "./transaction";
import type { TransactionEvent } from "../api/wire";

describe("transactionIdOf", () => {
  it("accepts an id with stray spaces or an upper-case prefix", () => {
    expect(transactionIdOf("  txn_01m809kas5qcz6bgptp0f6ha5g ")).toBe("txn_01m809kas5qcz6bgptp0f6ha5g");
    expect(transactionIdOf("TXN_01m809kas5qcz6bgptp0f6ha5g")).toBe("txn_01m809kas5qcz6bgptp0f6ha5g");
  });

  it("refuses what is not a transaction id", () => {
    for (const id of ["", "evt_01m809kas5qcz6bgptp0f6ha5h", "txn_", "txn_../../admin", "01m809kas5qcz6bgptp0f6ha5g"]) {
      expect(transactionIdOf(id), id).toBeNull();
    }
  });
});

describe("riskBandOf", () => {
  it("places a score in the account's bands, inclusively", () => {
    const bands = { challenge: 40, block: 75 };
    expect(riskBandOf(39, bands, "block")).toBe("low");
    expect(riskBandOf(40, bands, "allow")).toBe("medium");
    expect(riskBandOf(74, bands, "allow")).toBe("medium");
    expect(riskBandOf(75, bands, "allow")).toBe("high");
    expect(riskBandOf(50, { challenge: 60, block: 90 }, "challenge")).toBe("low");
  });
  it("takes the band from the engine's decision when the bands are unknown", () => {
    expect(riskBandOf(50, undefined, "allow")).toBe("low");
    expect(riskBandOf(50, undefined, "challenge")).toBe("medium");
    expect(riskBandOf(50, undefined, "block")).toBe("high");
  });
});

describe("formatAmount", () => {
  // Intl separates the code from the number with a no-break space.
  const amount = (minor: number, currency: string) => formatAmount(minor, currency).replace(/\u00a0/g, " ");
  it("converts minor units per currency", () => {
    expect(amount(4999, "USD")).toBe("USD 49.99");
    expect(amount(5000, "JPY")).toBe("JPY 5,000");
    expect(amount(1234, "BHD")).toBe("BHD 1.234");
  });
  it("never converts with a guess for a code Intl does not know", () => {
    expect(formatAmount(100, "??")).toBe("100 ?? (minor units)");
  });
});

describe("maskedPaymentMethod", () => {
  it("shows at most the first six BIN digits and the last four", () => {
    expect(maskedPaymentMethod({ type: "card", card_bin: "49165312", last_four: "7987", wallet_type: null })).toBe(
      "Card · 491653 •••••• 7987",
    );
    expect(maskedPaymentMethod({ type: "card", card_bin: null, last_four: "7987", wallet_type: null })).toBe("Card · •••••• •••••• 7987");
    expect(maskedPaymentMethod({ type: "wallet", card_bin: null, last_four: null, wallet_type: "apple_pay" })).toBe("Wallet · Apple Pay");
    expect(maskedPaymentMethod({ type: "bank_transfer", card_bin: null, last_four: null, wallet_type: null })).toBe("Bank transfer");
  });
});

describe("scored events", () => {
  const event: TransactionEvent = {
    object: "event",
    event_id: "evt_1",
    event_type: "transaction.scored",
    transaction_id: "txn_1",
    user_id: "cus_1",
    payload: { decision: "challenge", risk_level: "medium", risk_score: 55, risk_factors: ["new_user"], model_version: "argus-risk-v1.0" },
    created_at: "2026-11-22T00:13:20Z",
  };

  it("reads the payload defensively", () => {
    expect(scoredSummary({ risk_score: "55", amount: 10, currency: "" })).toEqual({
      riskScore: null,
      riskLevel: null,
      decision: null,
      amount: 10,
      currency: null,
    });
  });

  it("summarises an event without its assessment", () => {
    expect(summaryOfScoredEvent(event)).toEqual({
      transaction_id: "txn_1",
      user_id: "cus_1",
      risk_score: 55,
      risk_level: "medium",
      decision: "challenge",
      reviewed: false,
      amount: null,
      currency: null,
      created_at: "2026-11-22T00:13:20Z",
    });
    // An older event without risk_level: the band its decision implies, none without a decision.
    expect(summaryOfScoredEvent({ ...event, payload: { risk_score: 80, decision: "block" } }).risk_level).toBe("high");
    expect(summaryOfScoredEvent({ ...event, payload: { risk_score: 80 } }).risk_level).toBeNull();
  });

  it("reads a transaction.blocked event (no decision in its payload) as a block", () => {
    const blocked = {
      ...event,
      event_type: "transaction.blocked" as const,
      payload: { rule_id: "rule_1", rule_name: "Prepaid burst", threshold: null, risk_score: 62 },
    };
    expect(summaryOfScoredEvent(blocked)).toMatchObject({ transaction_id: "txn_1", risk_score: 62, risk_level: null, decision: "block" });
    // A scored event without a decision says nothing about one.
    expect(summaryOfScoredEvent({ ...event, payload: { risk_score: 62 } }).decision).toBeNull();
  });
});
