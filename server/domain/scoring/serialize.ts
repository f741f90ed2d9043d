import type { decisions, transactions } from "../../db/schema";
import { iso } from "../../core/time";

export type TransactionRow = typeof transactions.$inferSelect;
export type DecisionRow = typeof decisions.$inferSelect;

/** The wire shape of a decision record. */
export function serializeDecision(row: DecisionRow) {
  return {
    object: "decision" as const,
    decision_id: row.id,
    transaction_id: row.transactionId,
    ...(row.screeningId ? { screening_id: row.screeningId } : {}),
    decision: row.decision,
    reason: row.reason,
    notes: row.notes,
    analyst_id: row.analystId,
    seq: row.seq,
    snapshot: row.snapshot ?? null,
    hash: row.hash,
    created_at: iso(row.createdAt),
  };
}

/** The response of POST /v1/transactions/score (the assessment, with `metadata` and `model_version`). */
export function scoreResponse(row: TransactionRow) {
  return {
    object: "transaction_score" as const,
    transaction_id: row.id,
    risk_score: row.riskScore,
    decision: row.decision,
    signals: row.signals,
    latency_ms: row.latencyMs,
    created_at: iso(row.createdAt),
    model_version: row.modelVersion,
    metadata: row.metadata ?? {},
  };
}

/**
 * The assessment as GET /v1/transactions/{id} returns it (and as the transaction.flagged /
 * transaction.blocked webhooks carry it): the score response, what was scored, how the score was
 * reached, and the decision chain — the engine's decision, then every manual decision in order.
 */
export function serializeAssessment(row: TransactionRow, chain: DecisionRow[]) {
  const latest = chain[chain.length - 1];
  return {
    ...scoreResponse(row),
    user_id: row.userId,
    email: row.email,
    ip_address: row.ipAddress,
    phone: row.phone,
    amount: row.amount,
    currency: row.currency,
    payment_method: {
      type: row.paymentMethodType,
      card_bin: row.cardBin,
      last_four: row.cardLastFour,
      wallet_type: row.walletType,
    },
    merchant: row.merchantId || row.merchantCategory ? { id: row.merchantId, category: row.merchantCategory } : null,
    session_id: row.sessionId,
    device_id: row.deviceId,
    analysis_id: row.analysisId,
    label: row.label,
    explanation: row.explanation,
    final_decision: latest ? latest.decision : row.decision,
    decisions: chain.map(serializeDecision),
  };
}
