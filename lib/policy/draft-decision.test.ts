import { describe, expect, it } from "vitest";
import { bandDecision, decideWithDraft, type DraftPolicy, type ScoredFacts } from "./draft-decision";

const facts: ScoredFacts = {
  score: 50,
  signals: ["bin_prepaid", "velocity_high"],
  amount: 10_000,
  currency: "USD",
  paymentMethodType: "card",
};
const bands = { block: 80, challenge: 35 };

describe("decideWithDraft", () => {
  it("uses the bands at their thresholds when no rule matches", () => {
    expect(bandDecision(34, bands)).toBe("allow");
    expect(bandDecision(35, bands)).toBe("challenge");
    expect(bandDecision(80, bands)).toBe("block");
    expect(decideWithDraft(facts, { score_bands: bands, rules: [] })).toEqual({
      decision: "challenge",
      bandDecision: "challenge",
      rule: null,
    });
  });

  it("takes the first enabled matching rule, skipping disabled ones", () => {
    const draft: DraftPolicy = {
      score_bands: bands,
      rules: [
        { id: "off", name: "Off", enabled: false, action: "allow", when: { signals_any: ["bin_prepaid"] } },
        { id: "miss", name: "Miss", enabled: true, action: "allow", when: { signals_all: ["bin_prepaid", "ip_proxy_detected"] } },
        {
          id: "hit",
          name: "Hit",
          enabled: true,
          action: "block",
          when: { signals_all: ["bin_prepaid", "velocity_high"], amount_gte: 10_000 },
        },
        { id: "later", name: "Later", enabled: true, action: "allow", when: { score_gte: 0 } },
      ],
    };
    const verdict = decideWithDraft(facts, draft);
    expect(verdict.decision).toBe("block");
    expect(verdict.bandDecision).toBe("challenge");
    expect(verdict.rule?.id).toBe("hit");
  });

  it("needs every condition: merchant conditions fail without a merchant", () => {
    const draft: DraftPolicy = {
      score_bands: bands,
      rules: [{ id: "m", name: "M", enabled: true, action: "block", when: { merchant_categories: ["gambling"], currencies: ["USD"] } }],
    };
    expect(decideWithDraft(facts, draft).rule).toBeNull();
    expect(decideWithDraft({ ...facts, merchantCategory: "gambling" }, draft).decision).toBe("block");
    expect(decideWithDraft({ ...facts, merchantCategory: "gambling", currency: "EUR" }, draft).decision).toBe("challenge");
  });
});
