import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const webhookEndpointStatuses = ["enabled", "disabled"] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

// Registered webhook endpoints (server/domain/webhooks/README.md). The signing secret is kept
// because Standard Webhooks signatures are symmetric (HMAC); it is shown to the client only
// at creation.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    url: text("url").notNull(),
    /** Event type names, or ["*"] for every type. */
    events: text("events").array().notNull(),
    description: text("description"),
    status: text("status", { enum: webhookEndpointStatuses }).notNull().default("enabled"),
    disabledReason: text("disabled_reason"),
    disabledAt: stamp("disabled_at"),
    secret: text("secret").notNull(),
    lastSuccessAt: stamp("last_success_at"),
    lastFailureAt: stamp("last_failure_at"),
    /** 1 on create, +1 on every change to what the endpoint is (url, events, status…): `ETag` and `If-Match`. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: stamp("updated_at")
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [index("webhook_endpoints_scope_idx").on(t.accountId, t.environment, t.createdAt, t.id)],
);

export const webhookDispatchStates = ["pending", "succeeded", "failed", "cancelled"] as const;

// One row per (event, endpoint): the delivery's state machine. The unique pair makes the fan-out
// job safe to re-run; `attempts` makes a re-run delivery job (lease expiry) skip a done attempt.
export const webhookDispatches = pgTable(
  "webhook_dispatches",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    state: text("state", { enum: webhookDispatchStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: stamp("next_attempt_at"),
    deliveredAt: stamp("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_dispatches_event_endpoint_idx").on(t.eventId, t.endpointId),
    index("webhook_dispatches_endpoint_idx").on(t.endpointId, t.state),
  ],
);

// The delivery log: one row per attempt (wire object `webhook_delivery`).
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    dispatchId: text("dispatch_id")
      .notNull()
      .references(() => webhookDispatches.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    succeeded: boolean("succeeded").notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms"),
    error: text("error"),
    responseBody: text("response_body"),
    nextRetryAt: stamp("next_retry_at"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt, t.id)],
);
