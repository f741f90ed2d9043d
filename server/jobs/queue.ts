import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";

export type EnqueueOptions = { runAt?: Date; delayMs?: number; maxAttempts?: number; uniqueKey?: string };

/**
 * Writes jobs. Pass the transaction that makes the change the job follows from: the job then
 * exists if and only if the change committed, so acknowledged work is never lost.
 */
export class JobQueue {
  private listeners = new Set<(delayMs: number) => void>();

  async enqueue(db: Db, type: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<number | null> {
    const runAt = opts.runAt ?? (opts.delayMs ? new Date(Date.now() + opts.delayMs) : undefined);
    const rows = await db
      .insert(jobs)
      .values({
        type,
        payload,
        ...(runAt ? { runAt } : {}),
        ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
        ...(opts.uniqueKey ? { uniqueKey: opts.uniqueKey } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    this.wake(runAt ? runAt.getTime() - Date.now() : 0);
    return rows[0]?.id ?? null;
  }

  /** Runners in this process subscribe to be woken when work is queued, instead of waiting a poll. */
  onWake(fn: (delayMs: number) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Work was queued that is due in `delayMs` (0: now; it may still be committing). */
  wake(delayMs = 0): void {
    for (const fn of this.listeners) fn(Math.max(0, delayMs));
  }
}

/** Queue depth by state, for /metrics and tests. */
export async function jobCounts(db: Db): Promise<Record<string, number>> {
  const result = (await db.execute(sql`select state, count(*)::int as n from jobs group by state`)) as unknown as {
    rows: { state: string; n: number }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.state, Number(r.n)]));
}
