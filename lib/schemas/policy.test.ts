import { describe, expect, it } from "vitest";
import { bandsSummary, describeConditions } from "../format/policy";
import { RuleInputSchema, ScoreBandsInputSchema, UpdatePolicyInputSchema } from "./policy";
import { formOfRule, policyChanges, ruleFromForm, rulesForApi, sameRuleContent, type DraftRule } from "./policy-draft";
import type { PolicyRule } from "../api/wire";

const torRule: PolicyRule = {
  id: "rule_tor",
  name: "Tor",
  enabled: true,
  action: "block",
  when: { signals_any: ["ip_tor"], score_gte: 60 },
};
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
  const form = {
    name: "Tor",
    action: "block" as const,
    signals: [],
    signalMode: "any" as const,
    score_gte: "",
    amount_gte: "",
    payment_method_types: [],
  };
  it("needs at least one condition", () => {
    const result = RuleInputSchema.safeParse(ruleFromForm(form));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toContain("when");
  });
  it("puts the selected signals under signals_all or signals_any and reads numbers", () => {
    expect(ruleFromForm({ ...form, signals: ["ip_tor"], signalMode: "all", score_gte: "60" }).when).toEqual({
      signals_all: ["ip_tor"],
      score_gte: 60,
    });
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

describe("policyChanges for an edited rule", () => {
  const edited = (patch: Partial<DraftRule>): DraftRule[] => [
    { ...torRule, key: torRule.id, ...patch },
    { ...bigRule, key: bigRule.id },
  ];
  it("lists a rule whose decision, conditions or name changed under the same id, before → after", () => {
    expect(
      policyChanges(saved, {
        score_bands: saved.score_bands,
        rules: edited({ action: "challenge", when: { signals_any: ["ip_tor"], score_gte: 70 } }),
      }),
    ).toEqual(["Change rule “Tor”: block when signal ip_tor; score ≥ 60 → “Tor”: challenge when signal ip_tor; score ≥ 70"]);
    expect(policyChanges(saved, { score_bands: saved.score_bands, rules: edited({ name: "Tor exits" }) })).toEqual([
      "Change rule “Tor”: block when signal ip_tor; score ≥ 60 → “Tor exits”: block when signal ip_tor; score ≥ 60",
    ]);
  });
  it("lists an edit and a switch of the same rule as two changes, and no removal or addition", () => {
    const lines = policyChanges(saved, { score_bands: saved.score_bands, rules: edited({ enabled: false, when: { score_gte: 60 } }) });
    expect(lines).toEqual(["Change rule “Tor”: block when signal ip_tor; score ≥ 60 → “Tor”: block when score ≥ 60", "Disable rule “Tor”"]);
  });
  it("is no change when only the order inside a condition list, key order or empty lists differ", () => {
    const two: PolicyRule = { ...torRule, when: { signals_any: ["ip_tor", "ip_proxy_detected"], score_gte: 60 } };
    const savedTwo = { score_bands: saved.score_bands, rules: [two] };
    const draft: DraftRule = {
      ...two,
      key: two.id,
      when: { score_gte: 60, signals_any: ["ip_proxy_detected", "ip_tor"], payment_method_types: [] },
    };
    expect(policyChanges(savedTwo, { score_bands: saved.score_bands, rules: [draft] })).toEqual([]);
  });
});

describe("sameRuleContent", () => {
  it("compares name, decision and conditions (lists as sets)", () => {
    expect(sameRuleContent(torRule, { ...torRule })).toBe(true);
    expect(sameRuleContent(torRule, { ...torRule, when: { signals_all: ["ip_tor"], score_gte: 60 } })).toBe(false);
    expect(sameRuleContent(torRule, { ...torRule, when: { signals_any: ["ip_tor"] } })).toBe(false);
    expect(sameRuleContent(torRule, { ...torRule, when: { signals_any: ["ip_tor", "bin_prepaid"], score_gte: 60 } })).toBe(false);
    expect(sameRuleContent(torRule, { ...torRule, action: "allow" })).toBe(false);
  });
});

describe("formOfRule + ruleFromForm", () => {
  it("fills the form from a rule, and the unchanged form gives the same rule back", () => {
    const { form, kept } = formOfRule(torRule);
    expect(form).toEqual({
      name: "Tor",
      action: "block",
      signals: ["ip_tor"],
      signalMode: "any",
      score_gte: "60",
      amount_gte: "",
      payment_method_types: [],
    });
    expect(kept).toEqual({});
    expect(RuleInputSchema.parse(ruleFromForm(form, kept)).when).toEqual(torRule.when);
    expect(
      formOfRule({ ...bigRule, when: { signals_all: ["a", "b"], amount_gte: 100000, payment_method_types: ["card"] } }).form,
    ).toMatchObject({
      signals: ["a", "b"],
      signalMode: "all",
      amount_gte: "100000",
      payment_method_types: ["card"],
    });
  });
  it("keeps the conditions the form has no field for, whatever the form changes", () => {
    const rule: PolicyRule = {
      ...bigRule,
      when: { signals_all: ["ip_tor"], signals_any: ["bin_prepaid"], currencies: ["EUR"], merchant_ids: ["m_1"], amount_gte: 5 },
    };
    const { form, kept } = formOfRule(rule);
    expect(form.signals).toEqual(["ip_tor"]);
    expect(kept).toEqual({ signals_any: ["bin_prepaid"], currencies: ["EUR"], merchant_ids: ["m_1"] });
    const when = RuleInputSchema.parse(ruleFromForm({ ...form, amount_gte: "", score_gte: "80" }, kept)).when;
    expect(when).toEqual({
      signals_all: ["ip_tor"],
      signals_any: ["bin_prepaid"],
      currencies: ["EUR"],
      merchant_ids: ["m_1"],
      score_gte: 80,
    });
  });
  it("validates an edit like an addition", () => {
    const { form, kept } = formOfRule(torRule);
    const result = RuleInputSchema.safeParse(ruleFromForm({ ...form, name: "  ", signals: [], score_gte: "101" }, kept));
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toEqual(expect.arrayContaining(["name", "when.score_gte"]));
    // Every field emptied and nothing kept: no condition left.
    const empty = RuleInputSchema.safeParse(ruleFromForm({ ...form, signals: [], score_gte: "" }, kept));
    expect(empty.error!.issues.map((issue) => issue.path.join("."))).toContain("when");
  });
});

describe("rulesForApi", () => {
  it("drops the form key and empty conditions, keeps ids", () => {
    const rules = rulesForApi([
      { key: "x", id: "rule_1", name: "A", enabled: true, action: "block", when: { signals_any: [], score_gte: 90 } },
    ]);
    expect(rules).toEqual([{ id: "rule_1", name: "A", enabled: true, action: "block", when: { score_gte: 90 } }]);
    expect(UpdatePolicyInputSchema.safeParse({ version: 3, rules }).success).toBe(true);
  });
  it("the update needs something to save", () => {
    expect(UpdatePolicyInputSchema.safeParse({ version: 3 }).success).toBe(false);
  });
});

describe("describeConditions / bandsSummary", () => {
  it("words conditions and bands", () => {
    expect(describeConditions({ signals_all: ["a", "b"], payment_method_types: ["card", "wallet"] })).toBe(
      "all of the signals a, b; payment method card or wallet",
    );
    expect(bandsSummary({ block: 75, challenge: 40 })).toBe("0–39 allow, 40–74 challenge, 75–100 block");
    expect(bandsSummary({ block: 100, challenge: 0 })).toBe("no score is allowed by the bands, 0–99 challenge, 100 block");
    expect(bandsSummary({ block: 2, challenge: 1 })).toBe("0 allow, 1 challenge, 2–100 block");
  });
});
