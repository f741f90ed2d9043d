import type { PolicyAction, PolicyRule, RuleConditions } from "../api/wire";

// Policies in the console's words: rules and score bands as sentences.

export const actionLabels: Record<PolicyAction, string> = { allow: "Allow", challenge: "Challenge", block: "Block" };

const formatAmount = (minor: number) => new Intl.NumberFormat("en-GB").format(minor);

/** A rule's conditions in words: "signals ip_tor and proxy_detected, score ≥ 60". */
export function describeConditions(when: RuleConditions): string {
  const parts: string[] = [];
  if (when.signals_all?.length)
    parts.push(`${when.signals_all.length > 1 ? "all of the signals" : "signal"} ${when.signals_all.join(", ")}`);
  if (when.signals_any?.length)
    parts.push(`${when.signals_any.length > 1 ? "any of the signals" : "signal"} ${when.signals_any.join(", ")}`);
  if (when.score_gte !== undefined) parts.push(`score ≥ ${when.score_gte}`);
  if (when.amount_gte !== undefined) parts.push(`amount ≥ ${formatAmount(when.amount_gte)} (minor units)`);
  if (when.payment_method_types?.length) parts.push(`payment method ${when.payment_method_types.join(" or ")}`);
  if (when.currencies?.length) parts.push(`currency ${when.currencies.join(" or ")}`);
  if (when.merchant_ids?.length) parts.push(`merchant ${when.merchant_ids.join(" or ")}`);
  if (when.merchant_categories?.length) parts.push(`merchant category ${when.merchant_categories.join(" or ")}`);
  return parts.length ? parts.join("; ") : "no condition";
}

export function describeRule(rule: Pick<PolicyRule, "name" | "action" | "when"> & { enabled?: boolean }): string {
  return `“${rule.name}”: ${actionLabels[rule.action].toLowerCase()} when ${describeConditions(rule.when)}${rule.enabled === false ? " (disabled)" : ""}`;
}

/** The three bands two valid thresholds make, in words: "0–39 allow, 40–74 challenge, 75–100 block". */
export function bandsSummary(bands: { block: number; challenge: number }): string {
  const allow = bands.challenge === 0 ? "no score is allowed by the bands" : `${rangeText(0, bands.challenge - 1)} allow`;
  return `${allow}, ${rangeText(bands.challenge, bands.block - 1)} challenge, ${rangeText(bands.block, 100)} block`;
}

const rangeText = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);
