import type { Decision, PolicyRule, ScoreExplanation, SignalWeight } from "../../db/schema";
import { signalCatalogue, type FiredSignal, type SignalName } from "./signals";

// The model: additive and explainable. score = clamp(BASE + Σ points of the fired signals, 0, 100),
// where a signal's points are its catalogue points plus what the account's labels taught (below).
// Decision: the first enabled rule of the account that matches decides; otherwise the score bands.

export const MODEL_ID = "argus-risk-v1";
export const BASE_SCORE = 10;
/** Labels move a signal's points by at most this much, and the base by at most BASE_LEARN_MAX. */
export const LEARN_MAX = 20;
export const BASE_LEARN_MAX = 10;
/** Pseudo-count that keeps one or two labels from swinging a signal all the way. */
export const LEARN_PRIOR = 2;
/** The key under which every labelled transaction is counted (the account's base rate). */
export const BASE_KEY = "_base";

export type LabelCounts = Record<string, { fraud: number; legit: number }>;

/**
 * What labels taught: for each signal, max·(fraud − legit)/(fraud + legit + prior), over the
 * account's labelled transactions that carried it. Confirmed fraud pushes the signals it carried up,
 * false positives push them down; a correction moves a transaction from one side to the other.
 */
export function learnedAdjustments(counts: LabelCounts): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, c] of Object.entries(counts)) {
    const max = name === BASE_KEY ? BASE_LEARN_MAX : LEARN_MAX;
    const adj = (max * (c.fraud - c.legit)) / (c.fraud + c.legit + LEARN_PRIOR);
    if (adj !== 0) out[name] = Math.round(adj * 100) / 100;
  }
  return out;
}

export function modelVersion(revision: number): string {
  return `${MODEL_ID}.${revision}`;
}

export type Contribution = ScoreExplanation["contributions"][number];

/** Combines fired signals into 0–100 with the per-signal contributions that explain it. */
export function combine(
  fired: FiredSignal[],
  learned: Record<string, number>,
): { score: number; base: number; contributions: Contribution[] } {
  const base = BASE_SCORE + (learned[BASE_KEY] ?? 0);
  let total = base;
  const contributions: Contribution[] = [];
  for (const s of fired) {
    const def = signalCatalogue[s.name];
    const adj = learned[s.name] ?? 0;
    // A reassuring signal never turns into a risk, nor a risk into reassurance, by learning alone.
    const points = def.points < 0 ? Math.min(0, def.points + adj) : Math.max(0, def.points + adj);
    total += points;
    contributions.push({ name: s.name, weight: def.weight, points: Math.round(points * 100) / 100, learned: adj, detail: s.detail });
  }
  return { score: Math.max(0, Math.min(100, Math.round(total))), base: Math.round(base * 100) / 100, contributions };
}

export type Bands = { block: number; challenge: number };

export function bandDecision(score: number, bands: Bands): Decision {
  return score >= bands.block ? "block" : score >= bands.challenge ? "challenge" : "allow";
}

export function riskLevel(score: number, bands: Bands): "low" | "medium" | "high" {
  return score >= bands.block ? "high" : score >= bands.challenge ? "medium" : "low";
}

export type RuleContext = {
  signals: ReadonlySet<string>;
  score: number;
  amount: number;
  currency: string;
  paymentMethodType: string;
  merchantId?: string;
  merchantCategory?: string;
};

/** A rule matches when every condition it sets holds. */
export function ruleMatches(rule: PolicyRule, ctx: RuleContext): boolean {
  const w = rule.when;
  if (w.signals_all && !w.signals_all.every((s) => ctx.signals.has(s))) return false;
  if (w.signals_any && !w.signals_any.some((s) => ctx.signals.has(s))) return false;
  if (w.score_gte !== undefined && ctx.score < w.score_gte) return false;
  if (w.amount_gte !== undefined && ctx.amount < w.amount_gte) return false;
  if (w.payment_method_types && !w.payment_method_types.includes(ctx.paymentMethodType)) return false;
  if (w.currencies && !w.currencies.includes(ctx.currency)) return false;
  if (w.merchant_ids && !(ctx.merchantId && w.merchant_ids.includes(ctx.merchantId))) return false;
  if (w.merchant_categories && !(ctx.merchantCategory && w.merchant_categories.includes(ctx.merchantCategory))) return false;
  return true;
}

export type Verdict = { decision: Decision; bandDecision: Decision; rule: PolicyRule | null };

export function decide(ctx: RuleContext, bands: Bands, rules: PolicyRule[]): Verdict {
  const band = bandDecision(ctx.score, bands);
  const rule = rules.find((r) => r.enabled && ruleMatches(r, ctx)) ?? null;
  return { decision: rule ? rule.action : band, bandDecision: band, rule };
}

/** The wire form of the fired signals: name and weight, highest contribution first, ties by name. */
export function wireSignals(contributions: Contribution[]): { name: string; weight: SignalWeight }[] {
  return [...contributions]
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || a.name.localeCompare(b.name))
    .map((c) => ({ name: c.name as SignalName, weight: c.weight }));
}
