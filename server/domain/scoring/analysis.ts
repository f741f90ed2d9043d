import { iso } from "../../core/time";
import { signalCatalogue, type SignalName } from "./signals";
import type { Assessment } from "./score-transaction";

export const decisionTypes = ["APPROVE", "CONDITIONAL_APPROVE", "STEP_UP_AUTH", "HOLD", "BLOCK"] as const;
export type DecisionType = (typeof decisionTypes)[number];

/**
 * Surface B's five decision types from the final decision (README.md, "Surface B analysis"):
 * allow → APPROVE, or CONDITIONAL_APPROVE when a medium or high risk signal fired;
 * challenge → STEP_UP_AUTH, or HOLD (manual review) when a high risk signal fired; block → BLOCK.
 */
export function decisionType(a: Assessment): DecisionType {
  const weights = new Set(a.row.signals.map((s) => s.weight));
  if (a.row.decision === "block") return "BLOCK";
  if (a.row.decision === "challenge") return weights.has("high_risk") ? "HOLD" : "STEP_UP_AUTH";
  return weights.has("high_risk") || weights.has("medium_risk") ? "CONDITIONAL_APPROVE" : "APPROVE";
}

/** Why: the rule that decided (`rule:<id>`) or the band (`score_band:<decision>`), then the risk signals, strongest first. */
export function decisionReasons(a: Assessment): string[] {
  const head = a.explanation.rule ? `rule:${a.explanation.rule.id}` : `score_band:${a.explanation.band_decision}`;
  const risks = a.row.signals.filter((s) => signalCatalogue[s.name as SignalName]?.points > 0).map((s) => s.name);
  return [head, ...risks];
}

export function analysisResponse(a: Assessment, analysisId: string, mode: "live" | "labelled") {
  return {
    object: "transaction_analysis" as const,
    analysis_id: analysisId,
    transaction_id: a.row.id,
    mode,
    risk_score: a.row.riskScore,
    decision: { type: decisionType(a), reasons: decisionReasons(a) },
    signals: a.row.signals,
    latency_ms: a.row.latencyMs,
    created_at: iso(a.row.createdAt),
    model_version: a.row.modelVersion,
  };
}
