import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookDispatches, webhookEndpoints, webhookEvents } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { newId } from "../../core/ids";
import { iso } from "../../core/time";
import { signMessage } from "./signer";
import { sendPinned, type SendResult } from "./send";
import { checkTarget, TargetRefused, type Lookup } from "./ssrf";

export const WEBHOOK_DELIVER_JOB = "webhooks.deliver";

/** Delays before retries 1…8 (README.md, "Delivery"): 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 24 h. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000, 86_400_000] as const;
/** The first attempt plus one per retry delay: the last one runs about 43 hours after the first. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export type DeliveryOptions = { allowPrivate: boolean; lookup?: Lookup; timeoutMs?: number };

const nowMs = sql`date_trunc('milliseconds', now())`;

/** Queues attempt `attempt` of a dispatch (unique per dispatch and attempt, so never twice). */
export async function enqueueAttempt(db: Db, queue: JobQueue, dispatchId: string, attempt: number, delayMs = 0): Promise<void> {
  await queue.enqueue(
    db,
    WEBHOOK_DELIVER_JOB,
    { dispatch_id: dispatchId, attempt },
    {
      delayMs,
      uniqueKey: `webhook:${dispatchId}:${attempt}`,
    },
  );
}

/**
 * One delivery attempt of one event to one endpoint (the `webhooks.deliver` job). The HTTP call
 * runs outside any transaction; its outcome, the next attempt and any automatic disabling are
 * recorded together afterwards. A job that runs again after a crash re-sends (at least once) but
 * never records the same attempt twice.
 */
export async function deliverAttempt(
  db: Db,
  queue: JobQueue,
  log: Logger,
  payload: { dispatch_id: string; attempt: number },
  opts: DeliveryOptions,
): Promise<void> {
  const { dispatch_id: dispatchId, attempt } = payload;
  const [dispatch] = await db.select().from(webhookDispatches).where(eq(webhookDispatches.id, dispatchId));
  if (!dispatch || dispatch.state !== "pending" || dispatch.attempts !== attempt - 1) return;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, dispatch.endpointId));
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, dispatch.eventId));
  if (!endpoint || !event) return;
  if (endpoint.status !== "enabled") {
    // A disabled endpoint receives nothing: its pending deliveries are dropped, not paused.
    await db.update(webhookDispatches).set({ state: "cancelled", nextAttemptAt: null }).where(eq(webhookDispatches.id, dispatchId));
    return;
  }

  let result: SendResult;
  try {
    const target = await checkTarget(endpoint.url, opts);
    const { body, headers } = signMessage(endpoint.secret, {
      id: event.id,
      type: event.type,
      created_at: iso(event.createdAt),
      data: event.data,
    });
    result = await sendPinned(target, body, headers, { timeoutMs: opts.timeoutMs });
  } catch (err) {
    if (!(err instanceof TargetRefused)) throw err;
    result = { ok: false, statusCode: null, latencyMs: 0, error: `refused: ${err.message}`, responseBody: null };
  }

  const final = !result.ok && attempt >= MAX_ATTEMPTS;
  const retryIn = !result.ok && !final ? RETRY_DELAYS_MS[attempt - 1]! : null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [current] = await tx.select().from(webhookDispatches).where(eq(webhookDispatches.id, dispatchId)).for("update");
    if (!current || current.state !== "pending" || current.attempts !== attempt - 1) return;
    const nextRetryAt = retryIn !== null ? sql`date_trunc('milliseconds', now()) + ${`${retryIn} milliseconds`}::interval` : null;
    await tx.insert(webhookDeliveries).values({
      id: newId("whdlv"),
      accountId: current.accountId,
      environment: current.environment,
      dispatchId,
      endpointId: current.endpointId,
      eventId: current.eventId,
      eventType: current.eventType,
      attempt,
      succeeded: result.ok,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
      responseBody: result.responseBody,
      nextRetryAt,
    });
    await tx
      .update(webhookDispatches)
      .set({
        attempts: attempt,
        state: result.ok ? "succeeded" : final ? "failed" : "pending",
        nextAttemptAt: nextRetryAt,
        deliveredAt: result.ok ? nowMs : null,
      })
      .where(eq(webhookDispatches.id, dispatchId));
    await tx
      .update(webhookEndpoints)
      .set(result.ok ? { lastSuccessAt: nowMs } : { lastFailureAt: nowMs })
      .where(eq(webhookEndpoints.id, current.endpointId));
    if (retryIn !== null) await enqueueAttempt(tx, queue, dispatchId, attempt + 1, retryIn);
    if (final) await disableIfFailingThroughout(tx, current, result, log);
  });
}

/**
 * Automatic disabling: when the final retry of a delivery fails and no delivery to the endpoint
 * has succeeded since that delivery's first attempt, the endpoint has failed continuously for the
 * whole retry schedule (about 43 hours): it is disabled with a reason. An endpoint that still
 * accepts other events keeps running; only that one delivery is given up.
 */
async function disableIfFailingThroughout(
  tx: Db,
  dispatch: typeof webhookDispatches.$inferSelect,
  result: SendResult,
  log: Logger,
): Promise<void> {
  const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, dispatch.endpointId)).for("update");
  if (!endpoint || endpoint.status !== "enabled") return;
  if (endpoint.lastSuccessAt && endpoint.lastSuccessAt >= dispatch.createdAt) return;
  const hours = Math.max(1, Math.round((Date.now() - dispatch.createdAt.getTime()) / 3_600_000));
  const reason =
    `Every delivery failed for ${hours} hour(s): all ${MAX_ATTEMPTS} attempts of event ${dispatch.eventId} failed ` +
    `(last: ${result.error ?? "unknown error"}) and no delivery has succeeded since ${iso(dispatch.createdAt)}. ` +
    `Fix the endpoint, then re-enable it with PATCH status=enabled.`;
  await tx
    .update(webhookEndpoints)
    .set({ status: "disabled", disabledReason: reason, disabledAt: nowMs, version: sql`${webhookEndpoints.version} + 1`, updatedAt: nowMs })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.status, "enabled")));
  log.warn({ webhook_id: endpoint.id }, "webhook endpoint disabled after persistent failure");
}
