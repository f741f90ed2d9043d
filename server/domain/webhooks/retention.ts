import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { retentionScopes } from "../events";
import { WEBHOOK_FANOUT_JOB } from "./emit";

/** How long a sent outbox event is kept (Stripe keeps its events 30 days). */
export const WEBHOOK_EVENT_DAYS = 30;

const BATCH = 5000;

/**
 * Deletes outbox events (`webhook_events`) that nothing will send again: created more than 30 days
 * ago (or the account's evidence retention, when shorter), with no fan-out job still waiting and no
 * delivery still pending. An outbox row is a copy of the resource (a transaction assessment, a
 * verification record: personal data), kept only to be delivered; the delivery log
 * (`webhook_deliveries`, which names the event by id) stays. Works account by account on the
 * (account, environment, created_at) index, in batches. Returns the number of rows removed.
 */
export async function purgeSentWebhookEvents(db: Db, now = new Date()): Promise<number> {
  let removed = 0;
  for (const s of await retentionScopes(db)) {
    const days = Math.min(Number(s.days), WEBHOOK_EVENT_DAYS);
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    for (;;) {
      const result = (await db.execute(sql`
        delete from webhook_events where id in (
          select w.id from webhook_events w
          where w.account_id = ${s.account_id} and w.environment = ${s.environment} and w.created_at < ${cutoff}::timestamptz
            and not exists (select 1 from webhook_dispatches d where d.event_id = w.id and d.state = 'pending')
            and not exists (select 1 from jobs j where j.state in ('queued', 'running') and j.type = ${WEBHOOK_FANOUT_JOB}
                            and j.payload->>'event_id' = w.id)
          limit ${BATCH})`)) as unknown as { rowCount?: number; affectedRows?: number };
      const n = result.rowCount ?? result.affectedRows ?? 0;
      removed += n;
      if (n < BATCH) break;
    }
  }
  return removed;
}
