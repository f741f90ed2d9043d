import type { PolicyAction } from "../api/wire";
import type { RuleInput, ScoreBandsInput } from "../schemas/policy";

// How a draft policy would decide one scored transaction: the engine's rule (first enabled rule
// whose every condition holds, else the score bands; server/domain/scoring/model.ts `decide`),
// restated for the browser because the console never imports server/. The backtest replays whole
// periods on the server; this decides the one transaction tried from the transaction page.

export type DraftPolicy = { score_bands: ScoreBandsInput; rules: RuleInput[] };

export type ScoredFacts = {
  score: number;
  signals: readonly string[];
  amount: number;
  currency: string;
  paymentMethodType: string;
  merchantId?: string | null;
  merchantCategory?: string | null;
};

export type DraftVerdict = { decision: PolicyAction; bandDecision: PolicyAction; rule: DraftPolicy["rules"][number] | null };

export function bandDecision(score: number, bands: DraftPolicy["score_bands"]): PolicyAction {
  return score >= bands.block ? "block" : score >= bands.challenge ? "challenge" : "allow";
}

export function ruleMatches(when: RuleInput["when"], facts: ScoredFacts): boolean {
  const signals = new Set(facts.signals);
  if (when.signals_all && !when.signals_all.every((s) => signals.has(s))) return false;
  if (when.signals_any && !when.signals_any.some((s) => signals.has(s))) return false;
  if (when.score_gte !== undefined && facts.score < when.score_gte) return false;
  if (when.amount_gte !== undefined && facts.amount < when.amount_gte) return false;
  if (when.payment_method_types && !(when.payment_method_types as readonly string[]).includes(facts.paymentMethodType)) return false;
  if (when.currencies && !when.currencies.includes(facts.currency)) return false;
  if (when.merchant_ids && !(facts.merchantId && when.merchant_ids.includes(facts.merchantId))) return false;
  if (when.merchant_categories && !(facts.merchantCategory && when.merchant_categories.includes(facts.merchantCategory))) return false;
  return true;
}

export function decideWithDraft(facts: ScoredFacts, draft: DraftPolicy): DraftVerdict {
  const band = bandDecision(facts.score, draft.score_bands);
  const rule = draft.rules.find((r) => r.enabled && ruleMatches(r.when, facts)) ?? null;
  return { decision: rule ? rule.action : band, bandDecision: band, rule };
}
