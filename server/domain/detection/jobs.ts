import { sql } from "drizzle-orm";
import { rows } from "../../db/client";
import type { Environment } from "../../db/schema";
import type { JobHandler } from "../../jobs/runner";
import { drainInbox } from "./evaluate";
import { DETECTION_JOB, detectionJobKey } from "./trigger";

export const DETECTION_SWEEP_JOB = "detection.sweep";
/** One run evaluates for at most this long, then queues its successor (other jobs get a turn). */
const RUN_BUDGET_MS = 2_000;

function scopeOf(payload: Record<string, unknown>): { accountId: string; environment: Environment } {
  const { accountId, environment } = payload;
  if (typeof accountId !== "string" || (environment !== "live" && environment !== "test")) throw new Error("detection job without a scope");
  return { accountId, environment };
}

/** The detection engine's jobs (registered in server/domain/jobs.ts). */
export const detectionJobs: Record<string, JobHandler> = {
  // Coalescing: every live write enqueues it (uniqueKey per account and environment), so a burst
  // of writes makes one queued job; a write during a run queues the next run.
  [DETECTION_JOB]: {
    coalesce: true,
    retryDelayMs: (attempt) => Math.min(500 * attempt, 30_000),
    run: async (payload, { db, queue, log }) => {
      const scope = scopeOf(payload);
      const r = await drainInbox(db, queue, scope, RUN_BUDGET_MS);
      if (r.created > 0) log.info({ ...scope, processed: r.processed, alerts_created: r.created }, "detection raised alerts");
      if (!r.drained) await queue.enqueue(db, DETECTION_JOB, scope, { uniqueKey: detectionJobKey(scope) });
    },
  },
  // Safety net: rows whose job is gone (it failed all its attempts) are picked up again.
  [DETECTION_SWEEP_JOB]: {
    everyMs: 60_000,
    run: async (_payload, { db, queue }) => {
      const stale = await rows<{ account_id: string; environment: Environment }>(
        db,
        sql`select distinct account_id, environment from detection_inbox where created_at < now() - interval '30 seconds'`,
      );
      for (const s of stale) {
        const scope = { accountId: s.account_id, environment: s.environment };
        await queue.enqueue(db, DETECTION_JOB, scope, { uniqueKey: detectionJobKey(scope) });
      }
    },
  },
};
