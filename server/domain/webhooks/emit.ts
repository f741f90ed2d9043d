import { sql } from "drizzle-orm";
import { arrayText } from "../../db/array-text";
import { rows, together, type Db } from "../../db/client";
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
 * Emits a webhook event: written to the outbox with a fan-out job (when an endpoint subscribes, see
 * emitWebhookEvents), both in the caller's transaction, so an event is delivered if and only if the
 * change that caused it committed.
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
  const [id] = await emitWebhookEvents(db, jobs, scope, type, [data]);
  return id!;
}

/**
 * Several events of one type at once (one outbox insert, one jobs insert); their ids in order.
 * The fan-out jobs are queued only when an enabled endpoint of the scope subscribes to the type
 * (the fan-out would find nothing to deliver otherwise; it is most of what an event costs under a
 * burst of alerts): an endpoint created after the event committed does not receive it. The score
 * path's write statement applies the same rule (scoring/persist.ts).
 */
export async function emitWebhookEvents(
  db: Db,
  jobs: JobQueue,
  scope: Scope,
  type: WebhookEventType,
  datas: Record<string, unknown>[],
): Promise<string[]> {
  if (datas.length === 0) return [];
  const ids = datas.map(() => newId("whevt"));
  // The fan-out jobs name the events by id only: both statements are sent together.
  const [, queued] = await together(
    db.insert(webhookEvents).values(datas.map((data, i) => ({ id: ids[i]!, accountId: scope.accountId, environment: scope.environment, type, data }))),
    rows(
      db,
      sql`insert into jobs (type, payload)
          select ${WEBHOOK_FANOUT_JOB}, jsonb_build_object('event_id', x.id) from unnest(${arrayText(ids)}::text[]) as x(id)
          where exists (select 1 from webhook_endpoints p where p.account_id = ${scope.accountId} and p.environment = ${scope.environment}
                        and p.status = 'enabled' and p.events && array[${type}, '*']::text[])
          returning 1`,
    ),
  );
  if (queued.length > 0) jobs.wake(0);
  return ids;
}
