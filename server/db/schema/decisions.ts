import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";
import { decisionValues } from "./transactions";

export const decisionReasons = ["manual_review", "customer_verified", "false_positive", "confirmed_fraud", "policy_exception"] as const;
export type DecisionReason = (typeof decisionReasons)[number];

// Manual decisions (server/domain/scoring/README.md, "Decisions"): immutable audit records. A
// database trigger (migration 0008) refuses UPDATE and DELETE; a correction is a new row for the
// same subject, so the chain is kept. A decision concerns exactly one subject: a transaction, or
// (watchlist review) a screening.
export const decisions = pgTable(
  "decisions",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    transactionId: text("transaction_id"),
    screeningId: text("screening_id"),
    decision: text("decision", { enum: decisionValues }).notNull(),
    reason: text("reason", { enum: decisionReasons }).notNull(),
    notes: text("notes"),
    analystId: text("analyst_id"),
    /** Who sent it: the API key id. */
    actorId: text("actor_id").notNull(),
    /** 1, 2, 3… per subject (transaction or screening) in commit order: the chain's order. */
    seq: integer("seq").notNull(),
    /** What the analyst had on screen for the decision, as the console sent it; null for API writes without one. */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>(),
    /** Hex SHA-256 over the decision and the previous decision's hash of the same subject; null on decisions written before hashing. */
    hash: text("hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("decisions_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    uniqueIndex("decisions_transaction_seq_idx")
      .on(t.accountId, t.environment, t.transactionId, t.seq)
      .where(sql`transaction_id is not null`),
    uniqueIndex("decisions_screening_seq_idx")
      .on(t.accountId, t.environment, t.screeningId, t.seq)
      .where(sql`screening_id is not null`),
    check("decisions_one_subject", sql`num_nonnulls(${t.transactionId}, ${t.screeningId}) = 1`),
  ],
);
