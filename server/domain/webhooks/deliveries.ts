import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookDispatches } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { keyset, toPage, type Page } from "../../core/pagination";
import { iso, isoSeconds } from "../../core/time";
import { findEndpoint } from "./endpoints";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One logged attempt (wire object `webhook_delivery`). */
export function serializeDelivery(row: DeliveryRow) {
  return {
    object: "webhook_delivery" as const,
    delivery_id: row.id,
    webhook_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    attempt: row.attempt,
    status: row.succeeded ? ("succeeded" as const) : ("failed" as const),
    status_code: row.statusCode,
    latency_ms: row.latencyMs,
    error: row.error,
    response_body: row.responseBody,
    next_retry_at: isoSeconds(row.nextRetryAt),
    delivered_at: row.succeeded ? iso(row.createdAt) : null,
    created_at: iso(row.createdAt),
  };
}

export type DeliveryResource = ReturnType<typeof serializeDelivery>;

/** GET /v1/webhooks/{id}/deliveries: the endpoint's attempts, newest first. */
export async function listDeliveries(
  db: Db,
  scope: Scope,
  endpointId: string,
  q: { limit: number; after?: string; eventId?: string },
): Promise<Page<DeliveryResource>> {
  const endpoint = await findEndpoint(db, scope, endpointId);
  const page = keyset({ createdAt: webhookDeliveries.createdAt, id: webhookDeliveries.id }, q.after);
  const found = await db
    .select({ delivery: webhookDeliveries, state: webhookDispatches.state, attempts: webhookDispatches.attempts })
    .from(webhookDeliveries)
    .leftJoin(webhookDispatches, eq(webhookDispatches.id, webhookDeliveries.dispatchId))
    .where(
      inScope(
        webhookDeliveries,
        scope,
        eq(webhookDeliveries.endpointId, endpoint.id),
        q.eventId ? eq(webhookDeliveries.eventId, q.eventId) : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  // An attempt logs when the next was due. A delivery dropped because its endpoint was disabled
  // never made that next attempt: its last attempt shows no retry.
  const dropped = (r: (typeof found)[number]) => r.state === "cancelled" && r.attempts === r.delivery.attempt;
  const attempts = found.map((r) => (dropped(r) ? { ...r.delivery, nextRetryAt: null } : r.delivery));
  return toPage(attempts, q.limit, serializeDelivery);
}
