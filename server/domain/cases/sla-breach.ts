import { and, asc, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cases } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { iso } from "../../core/time";
import { SLA_ACTOR } from "../../core/sla-clock";
import { emitWebhookEvent } from "../webhooks";
import { appendEntries as append } from "./chain";
import { loadCaseResource, type CaseRow } from "./serialize";

/** Statuses whose SLA clock runs. */
export const unfinishedCaseStatuses = ["open", "in_review"] as const;

/**
 * Records the breach of up to `batch` unfinished cases past due whose breach is not recorded yet:
 * `sla_breached_at`, a `sla_breached` audit entry and the `case.sla_breached` webhook, in one
 * transaction. The rows are locked (SKIP LOCKED: a case someone is changing waits for the next
 * sweep) and `sla_breached_at` is set under the lock, so two sweeps never record one breach twice.
 * The case's version does not move: a breach is not an edit, and must not refuse an analyst's If-Match.
 */
export async function recordCaseBreaches(db: Db, jobs: JobQueue, batch = 100): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const due = await tx
      .select({ id: cases.id })
      .from(cases)
      .where(and(lte(cases.dueAt, sql`now()`), isNull(cases.slaBreachedAt), inArray(cases.status, [...unfinishedCaseStatuses])))
      .orderBy(asc(cases.dueAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const marked = (await tx
      .update(cases)
      .set({ slaBreachedAt: sql`date_trunc('milliseconds', now())` })
      .where(
        and(
          inArray(
            cases.id,
            due.map((d) => d.id),
          ),
          isNull(cases.slaBreachedAt),
        ),
      )
      .returning()) as CaseRow[];
    for (const row of marked) {
      const scope = { accountId: row.accountId, environment: row.environment };
      await append(tx, scope, row.id, SLA_ACTOR, [{ action: "sla_breached", details: { due_at: iso(row.dueAt) } }]);
      await emitWebhookEvent(tx, jobs, scope, "case.sla_breached", await loadCaseResource(tx, row));
    }
    return marked.length;
  });
}
