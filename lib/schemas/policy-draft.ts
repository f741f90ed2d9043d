import { type PolicyRule, type RuleConditions, type Policy, type PolicyAction } from "../api/wire";
import { describeRule } from "../format/policy";
import type { RuleInput, ScoreBandsInput } from "./policy";

// The policy editor's draft helpers, without zod: the editor runs them at first paint; the input
// schemas (policy.ts) load on the first validation.

/**
 * ScoreBandsInputSchema's verdict by hand, for the editor's every render (whether the backtest and
 * the try may replay the draft); policy-draft.test.ts holds the two to the same answers.
 */
export function bandsAreValid(bands: { block: number; challenge: number }): boolean {
  const score = (n: number, min: number) => Number.isInteger(n) && n >= min && n <= 100;
  return score(bands.block, 1) && score(bands.challenge, 0) && bands.challenge < bands.block;
}

// ---- the draft ----

/** A rule as the form keeps it; new rules have no id until the API gives them one. */
export type DraftRule = Omit<PolicyRule, "id"> & { id?: string; key: string };

/**
 * What a save would change, one line per change, for the confirmation: band moves, rules added,
 * removed, edited (same id, another name, decision or conditions), switched on or off, and a new
 * order. Empty when the draft equals the saved policy.
 */
export function policyChanges(
  saved: Pick<Policy, "score_bands" | "rules">,
  draft: { score_bands: ScoreBandsInput; rules: readonly DraftRule[] },
): string[] {
  const lines: string[] = [];
  if (draft.score_bands.block !== saved.score_bands.block)
    lines.push(`Block threshold: ${saved.score_bands.block} → ${draft.score_bands.block}`);
  if (draft.score_bands.challenge !== saved.score_bands.challenge) {
    lines.push(`Challenge threshold: ${saved.score_bands.challenge} → ${draft.score_bands.challenge}`);
  }
  const draftIds = new Set(draft.rules.map((rule) => rule.id).filter(Boolean));
  for (const rule of saved.rules) if (!draftIds.has(rule.id)) lines.push(`Remove rule ${describeRule(rule)}`);
  for (const rule of draft.rules) {
    const before = rule.id ? saved.rules.find((candidate) => candidate.id === rule.id) : undefined;
    if (!before) {
      lines.push(`Add rule ${describeRule(rule)}`);
      continue;
    }
    // Before and after in full: an edit can change the name, so the name alone would not say which.
    if (!sameRuleContent(before, rule))
      lines.push(`Change rule ${describeRule({ ...before, enabled: undefined })} → ${describeRule({ ...rule, enabled: undefined })}`);
    if (before.enabled !== rule.enabled) lines.push(`${rule.enabled ? "Enable" : "Disable"} rule “${rule.name}”`);
  }
  const keptSaved = saved.rules.filter((rule) => draftIds.has(rule.id)).map((rule) => rule.id);
  const keptDraft = draft.rules.filter((rule) => rule.id && saved.rules.some((s) => s.id === rule.id)).map((rule) => rule.id);
  if (keptSaved.join("\n") !== keptDraft.join("\n"))
    lines.push("Change the order of the rules (the first enabled rule that matches decides)");
  return lines;
}

/**
 * Whether two versions of a rule decide the same way under the same name. Condition lists are
 * compared as sets and empty ones as absent: the form appends a re-ticked signal at the end, and
 * that alone is no change worth a save.
 */
export function sameRuleContent(a: Pick<PolicyRule, "name" | "action" | "when">, b: Pick<PolicyRule, "name" | "action" | "when">): boolean {
  return a.name === b.name && a.action === b.action && sameConditions(a.when, b.when);
}

function sameConditions(a: RuleConditions, b: RuleConditions): boolean {
  const left = stripEmpty(a) as Record<string, unknown>;
  const right = stripEmpty(b) as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => {
    const x = left[key];
    const y = right[key];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && [...x].sort().join("\n") === [...y].sort().join("\n");
    return x === y;
  });
}

/** The rules of a draft as the API takes them (ids kept, so unchanged rules stay the same rule). */
export function rulesForApi(rules: readonly DraftRule[]): RuleInput[] {
  // Typed as the input the action validates: a rule read from a newer API may name a payment
  // method type this console does not know, and the action's schema (then the API) says so.
  return rules.map(({ key: _key, ...rule }) => ({ ...rule, when: stripEmpty(rule.when) }) as RuleInput);
}

function stripEmpty(when: RuleConditions): RuleConditions {
  return Object.fromEntries(
    Object.entries(when).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)),
  ) as RuleConditions;
}

/** The rule form (add and edit) as typed: numbers as text, signals with how they combine. */
export type RuleForm = {
  name: string;
  action: PolicyAction;
  signals: string[];
  signalMode: "all" | "any";
  score_gte: string;
  amount_gte: string;
  payment_method_types: string[];
};

/**
 * The rule a form describes, for RuleInputSchema to judge: empty inputs are no condition, typed
 * numbers are numbers (text that is not one becomes NaN, which the schema reports on its field).
 */
export function ruleFromForm(
  form: RuleForm,
  kept: RuleConditions = {},
): { name: string; enabled: boolean; action: PolicyAction; when: Record<string, unknown> } {
  // Conditions the form does not show (see formOfRule) stay; what the form says goes over them.
  const when: Record<string, unknown> = { ...kept };
  if (form.signals.length > 0) when[form.signalMode === "all" ? "signals_all" : "signals_any"] = form.signals;
  if (form.score_gte.trim() !== "") when.score_gte = Number(form.score_gte.trim());
  if (form.amount_gte.trim() !== "") when.amount_gte = Number(form.amount_gte.trim());
  if (form.payment_method_types.length > 0) when.payment_method_types = form.payment_method_types;
  return { name: form.name, enabled: true, action: form.action, when };
}

/**
 * The form prefilled with an existing rule, for editing it, and the conditions the form has no
 * field for (currencies, merchants; the second signal list when a rule made through the API has
 * both): those are kept as they are by ruleFromForm, so editing never drops a condition unseen.
 */
export function formOfRule(rule: Pick<PolicyRule, "name" | "action" | "when">): { form: RuleForm; kept: RuleConditions } {
  const { signals_all, signals_any, score_gte, amount_gte, payment_method_types, ...kept } = rule.when;
  const all = signals_all?.length ? signals_all : undefined;
  const any = signals_any?.length ? signals_any : undefined;
  // One signal list fits the form: "all" when there is one, and "any" is then kept beside it.
  if (all && any) (kept as RuleConditions).signals_any = any;
  const form: RuleForm = {
    name: rule.name,
    action: rule.action,
    signals: [...(all ?? any ?? [])],
    signalMode: all ? "all" : "any",
    score_gte: score_gte === undefined ? "" : String(score_gte),
    amount_gte: amount_gte === undefined ? "" : String(amount_gte),
    payment_method_types: [...(payment_method_types ?? [])],
  };
  return { form, kept: stripEmpty(kept) };
}
