import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";
import { decisionValues } from "./transactions";

export const decisionReasons = ["manual_review", "customer_verified", "false_positive", "confirmed_fraud", "policy_exception"] as const;
export type DecisionReason = (typeof decisionReasons)[number];

// Manual decisions (spec 2.4, 4.5): immutable audit records. A database trigger (migration 0008)
// refuses UPDATE and DELETE; a correction is a new row for the same subject, so the chain is kept.
// A decision concerns exactly one subject: a transaction, or (watchlist review) a screening.
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
    createdAt: createdAt(),
  },
  (t) => [
    index("decisions_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("decisions_transaction_idx").on(t.accountId, t.environment, t.transactionId, t.createdAt),
    index("decisions_screening_idx").on(t.accountId, t.environment, t.screeningId, t.createdAt),
    check("decisions_one_subject", sql`num_nonnulls(${t.transactionId}, ${t.screeningId}) = 1`),
  ],
);
