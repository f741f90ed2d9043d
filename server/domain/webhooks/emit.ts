import type { Db } from "../../db/client";
import { webhookEvents } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { newId } from "../../common/ids";
import type { JobQueue } from "../../jobs/queue";

export const webhookEventTypes = [
  "case.updated",
  "alert.triggered",
  "identity.verification_completed",
  "transaction.flagged",
  "transaction.blocked",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const WEBHOOK_FANOUT_JOB = "webhooks.fanout";

/**
 * Emits a webhook event: written to the outbox with a fan-out job, both in the caller's
 * transaction, so an event is delivered if and only if the change that caused it committed.
 * `data` is the resource as the API returns it (the case, the alert, the verification record,
 * the transaction assessment).
 */
export async function emitWebhookEvent(
  db: Db,
  jobs: JobQueue,
  scope: Scope,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<string> {
  const id = newId("whevt");
  await db.insert(webhookEvents).values({ id, accountId: scope.accountId, environment: scope.environment, type, data });
  await jobs.enqueue(db, WEBHOOK_FANOUT_JOB, { event_id: id });
  return id;
}
