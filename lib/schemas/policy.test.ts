import { describe, expect, it } from "vitest";
import {
  bandsSummary,
  describeConditions,
  policyChanges,
  ruleFromForm,
  RuleInputSchema,
  rulesForApi,
  ScoreBandsInputSchema,
  UpdatePolicyInputSchema,
  type DraftRule,
  type PolicyRule,
} from "./policy";

const torRule: PolicyRule = { id: "rule_tor", name: "Tor", enabled: true, action: "block", when: { signals_any: ["ip_tor"], score_gte: 60 } };
const bigRule: PolicyRule = { id: "rule_big", name: "Big", enabled: true, action: "challenge", when: { amount_gte: 100000 } };
const saved = { score_bands: { block: 75, challenge: 40 }, rules: [torRule, bigRule] };
const draftOf = (rules: PolicyRule[]): DraftRule[] => rules.map((rule) => ({ ...rule, key: rule.id }));

describe("ScoreBandsInputSchema", () => {
  it("takes whole scores 0–100 with challenge below block", () => {
    expect(ScoreBandsInputSchema.safeParse({ block: 75, challenge: 40 }).success).toBe(true);
    expect(ScoreBandsInputSchema.safeParse({ block: 100, challenge: 0 }).success).toBe(true);
  });
  it("puts the ordering error on the challenge field", () => {
    const result = ScoreBandsInputSchema.safeParse({ block: 50, challenge: 50 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["challenge"]);
  });
  it("refuses out-of-range and non-whole numbers", () => {
    expect(ScoreBandsInputSchema.safeParse({ block: 101, challenge: 40 }).success).toBe(false);
    expect(ScoreBandsInputSchema.safeParse({ block: 0, challenge: 0 }).success).toBe(false);
    expect(ScoreBandsInputSchema.safeParse({ block: 75, challenge: 40.5 }).success).toBe(false);
    expect(ScoreBandsInputSchema.safeParse({ block: Number.NaN, challenge: 40 }).success).toBe(false);
  });
});

describe("ruleFromForm + RuleInputSchema", () => {
  const form = { name: "Tor", action: "block" as const, signals: [], signalMode: "any" as const, score_gte: "", amount_gte: "", payment_method_types: [] };
  it("needs at least one condition", () => {
    const result = RuleInputSchema.safeParse(ruleFromForm(form));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toContain("when");
  });
  it("puts the selected signals under signals_all or signals_any and reads numbers", () => {
    expect(ruleFromForm({ ...form, signals: ["ip_tor"], signalMode: "all", score_gte: "60" }).when).toEqual({ signals_all: ["ip_tor"], score_gte: 60 });
    expect(RuleInputSchema.safeParse(ruleFromForm({ ...form, signals: ["ip_tor"], amount_gte: "5000" })).success).toBe(true);
  });
  it("reports a bad number on its field", () => {
    const result = RuleInputSchema.safeParse(ruleFromForm({ ...form, score_gte: "120" }));
    expect(result.error!.issues[0]!.path.join(".")).toBe("when.score_gte");
  });
});

describe("policyChanges", () => {
  it("is empty for an unchanged draft", () => {
    expect(policyChanges(saved, { score_bands: { block: 75, challenge: 40 }, rules: draftOf(saved.rules) })).toEqual([]);
  });
  it("lists band moves, additions, removals, switches and reordering", () => {
    const added: DraftRule = { key: "k1", name: "New", enabled: true, action: "allow", when: { score_gte: 5 } };
    const lines = policyChanges(saved, {
      score_bands: { block: 80, challenge: 40 },
      rules: [{ ...bigRule, key: bigRule.id, enabled: false }, added],
    });
    expect(lines).toEqual([
      "Block threshold: 75 → 80",
      `Remove rule “Tor”: block when signal ip_tor; score ≥ 60`,
      "Disable rule “Big”",
      "Add rule “New”: allow when score ≥ 5",
    ]);
    expect(policyChanges(saved, { score_bands: saved.score_bands, rules: draftOf([bigRule, torRule]) })).toEqual([
      "Change the order of the rules (the first enabled rule that matches decides)",
    ]);
  });
});

describe("rulesForApi", () => {
  it("drops the form key and empty conditions, keeps ids", () => {
    const rules = rulesForApi([{ key: "x", id: "rule_1", name: "A", enabled: true, action: "block", when: { signals_any: [], score_gte: 90 } }]);
    expect(rules).toEqual([{ id: "rule_1", name: "A", enabled: true, action: "block", when: { score_gte: 90 } }]);
    expect(UpdatePolicyInputSchema.safeParse({ version: 3, rules }).success).toBe(true);
  });
  it("the update needs something to save", () => {
    expect(UpdatePolicyInputSchema.safeParse({ version: 3 }).success).toBe(false);
  });
});

describe("describeConditions / bandsSummary", () => {
  it("words conditions and bands", () => {
    expect(describeConditions({ signals_all: ["a", "b"], payment_method_types: ["card", "wallet"] })).toBe("all of the signals a, b; payment method card or wallet");
    expect(bandsSummary({ block: 75, challenge: 40 })).toBe("0–39 allow, 40–74 challenge, 75–100 block");
    expect(bandsSummary({ block: 100, challenge: 0 })).toBe("no score is allowed by the bands, 0–99 challenge, 100 block");
    expect(bandsSummary({ block: 2, challenge: 1 })).toBe("0 allow, 1 challenge, 2–100 block");
  });
});
