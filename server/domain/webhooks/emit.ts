import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import type { JobQueue } from "../../jobs/queue";

export const webhookEventTypes = [
  "case.updated",
  "alert.triggered",
  "identity.verification_completed",
  "transaction.flagged",
  "transaction.blocked",
  "case.sla_breached",
  "alert.sla_breached",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const WEBHOOK_FANOUT_JOB = "webhooks.fanout";

/**
 * Emits a webhook event: written to the outbox with a fan-out job when an endpoint subscribes (see
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
 * Several events of one type at once (the outbox rows and their jobs in one statement); their ids in
 * order (the ids they have or would have had in the outbox).
 * The rows and their fan-out jobs are written only when an enabled endpoint of the scope subscribes
 * to the type: nothing would deliver them otherwise (the fan-out was most of what an event cost
 * under a burst of alerts), and an unsent row would only keep a copy of the resource, personal data
 * included. An endpoint created after the event committed does not receive it. The score path's
 * write statement applies the same rule (scoring/persist.ts); the event log (`events`) records every
 * change whether anyone listens or not.
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
  const events = JSON.stringify(datas.map((data, i) => ({ id: ids[i], data })));
  // One statement: the fan-out jobs name the events by id, so they must never commit before them,
  // also when the caller runs outside a transaction on a PostgreSQL pool (two statements sent
  // together could take two connections there). One crossing to the embedded database's thread.
  const [{ queued } = { queued: 0 }] = await rows<{ queued: number }>(
    db,
    sql`with w as (
          insert into webhook_events (id, account_id, environment, type, data)
          select x.id, ${scope.accountId}, ${scope.environment}, ${type}, x.data from jsonb_to_recordset(${events}::jsonb) as x(id text, data jsonb)
          where exists (select 1 from webhook_endpoints p where p.account_id = ${scope.accountId} and p.environment = ${scope.environment}
                        and p.status = 'enabled' and p.events && array[${type}, '*']::text[])
          returning id),
        j as (insert into jobs (type, payload) select ${WEBHOOK_FANOUT_JOB}, jsonb_build_object('event_id', w.id) from w returning 1)
        select count(*)::int as queued from j`,
  );
  if (queued > 0) jobs.wake(0);
  return ids;
}
