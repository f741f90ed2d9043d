import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDispatches, webhookEndpoints, webhookEvents } from "../../db/schema";
import type { Env } from "../../config/env";
import type { JobQueue } from "../../jobs/queue";
import type { JobHandler } from "../../jobs/runner";
import { newId } from "../../core/ids";
import { WEBHOOK_FANOUT_JOB } from "./emit";
import { deliverAttempt, enqueueAttempt, WEBHOOK_DELIVER_JOB, type DeliveryOptions } from "./delivery";
import { purgeSentWebhookEvents } from "./retention";

const HOUR = 3_600_000;

/**
 * Fan-out of one outbox event: one dispatch per enabled endpoint of the event's account and
 * environment subscribed to its type (or "*"), each delivered by its own job. The unique
 * (event, endpoint) pair makes a re-run after a crash create nothing twice.
 */
export async function fanOut(db: Db, queue: JobQueue, eventId: string): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    if (!event) return 0;
    const targets = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.accountId, event.accountId),
          eq(webhookEndpoints.environment, event.environment),
          eq(webhookEndpoints.status, "enabled"),
          sql`${webhookEndpoints.events} && array[${event.type}, '*']::text[]`,
        ),
      );
    if (targets.length === 0) return 0;
    const created = await tx
      .insert(webhookDispatches)
      .values(
        targets.map((t) => ({
          id: newId("whdsp"),
          accountId: event.accountId,
          environment: event.environment,
          endpointId: t.id,
          eventId: event.id,
          eventType: event.type,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: webhookDispatches.id });
    for (const d of created) await enqueueAttempt(tx, queue, d.id, 1);
    return created.length;
  });
}

/** The job handlers of webhook delivery, for server/domain/jobs.ts. */
export function webhookJobs(
  deps: { config: Pick<Env, "ARGUS_WEBHOOK_ALLOW_PRIVATE"> },
  opts: Omit<DeliveryOptions, "allowPrivate"> = {},
): Record<string, JobHandler> {
  const delivery: DeliveryOptions = { allowPrivate: deps.config.ARGUS_WEBHOOK_ALLOW_PRIVATE, ...opts };
  return {
    [WEBHOOK_FANOUT_JOB]: {
      run: async (payload, { db, queue }) => {
        await fanOut(db, queue, String(payload.event_id));
      },
    },
    [WEBHOOK_DELIVER_JOB]: {
      run: async (payload, { db, queue, log }) => {
        await deliverAttempt(db, queue, log, { dispatch_id: String(payload.dispatch_id), attempt: Number(payload.attempt) }, delivery);
      },
      // Only infrastructure failures (the database) land here; HTTP failures follow RETRY_DELAYS_MS.
      retryDelayMs: (n) => Math.min(5_000 * 2 ** (n - 1), 600_000),
    },
    "webhooks.retention_purge": {
      everyMs: HOUR,
      run: async (_payload, { db, log }) => {
        const purged = await purgeSentWebhookEvents(db);
        if (purged > 0) log.info({ purged }, "sent webhook events purged");
      },
    },
  };
}
