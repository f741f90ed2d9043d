import { and, asc, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alerts } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { iso } from "../../core/time";
import { SLA_ACTOR } from "../../core/sla-clock";
import { emitWebhookEvent } from "../webhooks";
import { appendHistory } from "./review";
import { serializeAlert, type AlertRow } from "./serialize";

/** Statuses whose SLA clock runs. */
export const unfinishedAlertStatuses = ["open", "acknowledged"] as const;

/**
 * Records the breach of up to `batch` unfinished alerts past due, as for cases: `sla_breached_at`
 * set under the row lock, a `sla_breached` history entry and the `alert.sla_breached` webhook in
 * one transaction, so it happens once. SKIP LOCKED: an alert the engine is folding hits into waits
 * for the next sweep instead of the sweep waiting on it (or deadlocking with its lock order).
 */
export async function recordAlertBreaches(db: Db, jobs: JobQueue, batch = 100): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const due = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(lte(alerts.dueAt, sql`now()`), isNull(alerts.slaBreachedAt), inArray(alerts.status, [...unfinishedAlertStatuses])))
      .orderBy(asc(alerts.dueAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const marked = (await tx
      .update(alerts)
      .set({ slaBreachedAt: sql`date_trunc('milliseconds', now())` })
      .where(
        and(
          inArray(
            alerts.id,
            due.map((d) => d.id),
          ),
          isNull(alerts.slaBreachedAt),
        ),
      )
      .returning()) as AlertRow[];
    for (const row of marked) {
      const scope = { accountId: row.accountId, environment: row.environment };
      await appendHistory(tx, scope, row.id, SLA_ACTOR, [{ action: "sla_breached", details: { due_at: iso(row.dueAt) } }]);
      await emitWebhookEvent(tx, jobs, scope, "alert.sla_breached", serializeAlert(row));
    }
    return marked.length;
  });
}
