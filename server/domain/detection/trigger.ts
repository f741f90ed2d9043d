import type { Db } from "../../db/client";
import { detectionInbox, type DetectionSource, type Environment } from "../../db/schema";
import type { Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";

export const DETECTION_JOB = "detection.evaluate";

/** Live writes the engine is told about. Decisions are accepted and feed no detector (README). */
export type DetectionTrigger = DetectionSource | "decision";

/**
 * While scores keep coming, an evaluation runs this long after the first write that queued it:
 * one run then evaluates a fifth of a second of writes at once. The detectors' statements cost
 * much the same for 30 rows as for 300 (on the embedded database most of it is planning), so this
 * is what keeps detection from competing with scoring. The scoring pipeline asks for it only when
 * busy (see pipeline.ts); a write after a quiet spell is evaluated at once. Either way, alerts stay
 * well inside the 2-second bound.
 */
export const DETECTION_DELAY_MS = 200;

export const detectionJobKey = (scope: Scope) => `detect:${scope.accountId}:${scope.environment}`;

/**
 * Tells the detection engine about live writes. Call it IN THE TRANSACTION of the write: the
 * inbox rows and the coalescing evaluation job then exist exactly when the write committed, so
 * nothing acknowledged is missed and nothing rolled back is evaluated. Many writes per second
 * make one queued job per account and environment (the job drains the inbox in batches). Call it
 * once per written row, when the row is created: the inbox has no uniqueness check (a row enqueued
 * twice would be counted twice in the account's volume).
 *
 * Decisions feed none of the five detectors: they are accepted, so every live write path can
 * call this the same way, and cost nothing.
 */
export async function enqueueDetection(
  db: Db,
  jobs: JobQueue,
  scope: Scope,
  source: DetectionTrigger,
  ids: string | readonly string[],
): Promise<void> {
  if (source === "decision") return;
  const list = typeof ids === "string" ? [ids] : [...new Set(ids)];
  if (list.length === 0) return;
  await db
    .insert(detectionInbox)
    .values(list.map((rowId) => ({ accountId: scope.accountId, environment: scope.environment, source, rowId })));
  await jobs.enqueue(
    db,
    DETECTION_JOB,
    { accountId: scope.accountId, environment: scope.environment },
    { uniqueKey: detectionJobKey(scope) },
  );
}

/**
 * The same as SQL, for a writer that stores a whole batch in ONE statement (the scoring pipeline):
 * two CTEs to add to its `with`, given the SQL expressions of its arrays of row ids, account ids
 * and environments (e.g. `$1::text[]`, `$2::text[]`, `$3::text[]`). They add the inbox rows and
 * one coalescing job per account and environment, due after `delayMs` (an SQL expression of
 * milliseconds, e.g. a parameter `$9::int`), atomically with the rest of the statement. Call
 * `jobs.wake(delay)` after it, so the in-process runner starts on time.
 */
export function detectionTriggerCtes(
  source: DetectionSource,
  arrays: { ids: string; accounts: string; environments: string },
  delayMs = "0",
): string {
  if (!/^[a-z_]+$/.test(source)) throw new RangeError("bad detection source");
  return `
  detection_rows as (insert into detection_inbox (account_id, environment, source, row_id)
    select a, e, '${source}', id from unnest(${arrays.ids}, ${arrays.accounts}, ${arrays.environments}) as x(id, a, e)),
  detection_jobs as (insert into jobs (type, payload, unique_key, run_at)
    select '${DETECTION_JOB}', jsonb_build_object('accountId', a, 'environment', e), 'detect:' || a || ':' || e,
      now() + (${delayMs}) * interval '1 millisecond'
    from (select distinct a, e from unnest(${arrays.accounts}, ${arrays.environments}) as y(a, e)) s
    on conflict do nothing)`;
}

/** The same for rows of several accounts or environments at once (a group-committed batch). */
export async function enqueueDetectionRows(
  db: Db,
  jobs: JobQueue,
  source: DetectionTrigger,
  rows: readonly { id: string; accountId: string; environment: Environment }[],
): Promise<void> {
  const byScope = new Map<string, { scope: Scope; ids: string[] }>();
  for (const r of rows) {
    const k = `${r.accountId}\u0000${r.environment}`;
    let g = byScope.get(k);
    if (!g) byScope.set(k, (g = { scope: { accountId: r.accountId, environment: r.environment }, ids: [] }));
    g.ids.push(r.id);
  }
  for (const g of byScope.values()) await enqueueDetection(db, jobs, g.scope, source, g.ids);
}
