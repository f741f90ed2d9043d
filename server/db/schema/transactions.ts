import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export const decisionValues = ["allow", "challenge", "block"] as const;
export type Decision = (typeof decisionValues)[number];
export type SignalWeight = "low_risk" | "medium_risk" | "high_risk";

/** How a score was reached, kept with the assessment so GET /v1/transactions/{id} can explain it. */
export type ScoreExplanation = {
  base: number;
  contributions: { name: string; weight: SignalWeight; points: number; learned: number; detail: string }[];
  bands: { block: number; challenge: number };
  band_decision: Decision;
  rule: { id: string; name: string; action: Decision } | null;
  policy_version: number;
};

// A live transaction risk assessment. Labelled-mode analyses are not stored here: they are not
// transactions (server/domain/scoring/README.md, "Surface B analysis"). Columns other than the
// scope and id are owned by the risk engine (server/domain/scoring) and may grow; other areas read
// `id`, `userId`, amounts.
export const transactions = pgTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    userId: text("user_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    paymentMethodType: text("payment_method_type").notNull(),
    cardBin: text("card_bin"),
    cardLastFour: text("card_last_four"),
    /** bin + last four: the card identity velocity and links are computed on. */
    cardKey: text("card_key"),
    walletType: text("wallet_type"),
    email: text("email"),
    ipAddress: text("ip_address"),
    phone: text("phone"),
    merchantId: text("merchant_id"),
    merchantCategory: text("merchant_category"),
    sessionId: text("session_id"),
    deviceId: text("device_id"),
    riskScore: integer("risk_score").notNull(),
    /** The engine's decision (score bands and rules). Manual decisions are in `decisions`. */
    decision: text("decision", { enum: decisionValues }).notNull(),
    signals: jsonb("signals").$type<{ name: string; weight: SignalWeight }[]>().notNull(),
    modelVersion: text("model_version").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    /** Set by labelling decisions (false_positive / confirmed_fraud): `legit` or `fraud`. */
    label: text("label", { enum: ["legit", "fraud"] }),
    /** Surface B analysis id when the assessment came from POST /api/v1/transactions/analyze. */
    analysisId: text("analysis_id"),
    createdAt: createdAt(),
    // ---- added by the risk engine (migration 0007+) ----
    explanation: jsonb("explanation").$type<ScoreExplanation>(),
    /** The latest manual decision (POST /v1/decisions), null until there is one. */
    reviewedDecision: text("reviewed_decision", { enum: decisionValues }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("transactions_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("transactions_user_idx").on(t.accountId, t.environment, t.userId, t.createdAt),
    index("transactions_card_idx").on(t.accountId, t.environment, t.cardKey, t.createdAt),
    index("transactions_ip_idx").on(t.accountId, t.environment, t.ipAddress, t.createdAt),
    index("transactions_device_idx").on(t.accountId, t.environment, t.deviceId, t.createdAt),
    index("transactions_email_idx").on(t.accountId, t.environment, t.email, t.createdAt),
    // GET /v1/transactions (server/domain/scoring/README.md, "Transactions list"). Partial, so the
    // write path of the allow majority pays nothing: the review queue (challenged or blocked, no
    // analyst decision; a row leaves it when decided), the engine's challenge/block decisions, labels.
    index("transactions_review_pending_idx")
      .on(t.accountId, t.environment, t.createdAt, t.id)
      .where(sql`decision in ('challenge', 'block') and reviewed_decision is null`),
    index("transactions_flagged_decision_idx")
      .on(t.accountId, t.environment, t.decision, t.createdAt, t.id)
      .where(sql`decision <> 'allow'`),
    index("transactions_label_idx")
      .on(t.accountId, t.environment, t.label, t.createdAt, t.id)
      .where(sql`label is not null`),
    index("transactions_reviewed_idx")
      .on(t.accountId, t.environment, t.createdAt, t.id)
      .where(sql`reviewed_decision is not null`),
    // Small partial indexes for the "linked to fraud" features: only flagged rows are in them.
    index("transactions_user_fraud_idx")
      .on(t.accountId, t.environment, t.userId)
      .where(sql`label = 'fraud'`),
    index("transactions_device_flag_idx")
      .on(t.accountId, t.environment, t.deviceId)
      .where(sql`device_id is not null and (label = 'fraud' or decision = 'block' or reviewed_decision = 'block')`),
  ],
);
