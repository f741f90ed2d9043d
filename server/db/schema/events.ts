import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export const eventTypes = [
  "transaction.scored",
  "transaction.blocked",
  "identity.verified",
  "device.session_created",
  "alert.triggered",
  "decision.submitted",
] as const;
export type EventType = (typeof eventTypes)[number];

// The append-only event log (server/domain/scoring/README.md, "Events"). A database trigger
// (migration 0001) refuses UPDATE, and DELETE except by the retention purge, so immutability does
// not depend on application code.
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    eventType: text("event_type", { enum: eventTypes }).notNull(),
    transactionId: text("transaction_id"),
    userId: text("user_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("events_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("events_transaction_idx").on(t.accountId, t.environment, t.transactionId, t.createdAt),
    index("events_user_idx").on(t.accountId, t.environment, t.userId, t.createdAt),
    index("events_type_idx").on(t.accountId, t.environment, t.eventType, t.createdAt),
  ],
);

// The webhook outbox: every webhook event is written here in the transaction of the change that
// causes it, then fanned out to the subscribed endpoints by a job (server/domain/webhooks).
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_events_scope_idx").on(t.accountId, t.environment, t.createdAt)],
);
