import { sharesOneSession, together, type Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { raiseAlerts } from "../alerts";
import { claimBatch, completeBatch, releaseBatch, type Batch, type ClaimMode } from "./batch";
import { detectAto } from "./detectors/ato";
import { detectCardTesting } from "./detectors/card-testing";
import { detectDeviceClusters } from "./detectors/device-cluster";
import { detectIdentityAbuse } from "./detectors/identity-abuse";
import type { Detector, Finding, Hit } from "./detectors/types";
import { countVolume, detectAccountVelocity, detectKeyVelocity } from "./detectors/velocity";
import { loadThresholds } from "./settings";
import { refreshStatistics } from "./statistics";

/** Inbox rows per evaluation transaction. */
export const BATCH_SIZE = 500;

const detectors: Detector[] = [
  detectCardTesting,
  detectKeyVelocity,
  detectAccountVelocity,
  detectDeviceClusters,
  detectAto,
  detectIdentityAbuse,
];

export type BatchResult = { processed: number; hits: number; created: number };

const NOTHING: BatchResult = { processed: 0, hits: 0, created: 0 };

/**
 * Evaluates one batch of pending live writes of an account and environment: claims the inbox rows,
 * runs every detector's reads on the keys the rows touch, then in ONE transaction deletes the rows
 * (only while still this evaluation's), counts the scores into the volume buckets, completes the
 * detectors' findings and raises (or folds) an alert per hit, all hits at once. Either that
 * transaction commits or none of it does, and the rows are evaluated again. Open alerts are locked
 * in (type, key) order, so two runners that hit the same alerts cannot deadlock.
 *
 * On the embedded database the rows are claimed in this process's memory and the reads run outside
 * any transaction, each a statement of its own, so scoring goes on between them; on PostgreSQL the
 * evaluation's transaction locks them (see ClaimMode).
 */
export async function evaluateBatch(
  db: Db,
  jobs: JobQueue,
  scope: Scope,
  limit = BATCH_SIZE,
  mode: ClaimMode = claimModeFor(db),
): Promise<BatchResult> {
  if (mode === "lock") {
    return db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const batch = await claimBatch(tx, scope, limit, "lock");
      return batch ? writeBatch(tx, jobs, scope, batch, await readBatch(tx, scope, batch)) : NOTHING;
    });
  }
  const batch = await claimBatch(db, scope, limit, "memory");
  if (!batch) return NOTHING;
  try {
    const findings = await readBatch(db, scope, batch);
    return await db.transaction((raw) => writeBatch(raw as unknown as Db, jobs, scope, batch, findings));
  } finally {
    // Committed: the rows are gone. Failed: they are free for the next evaluation at once.
    releaseBatch(batch.lease);
  }
}

const claimModeFor = (db: Db): ClaimMode => (sharesOneSession(db) ? "memory" : "lock");

/** Every detector's reads. */
async function readBatch(db: Db, scope: Scope, batch: Batch): Promise<Finding[]> {
  const thresholds = await loadThresholds(db, scope);
  const findings: Finding[] = [];
  for (const detect of detectors) findings.push(await detect({ db, scope, batch, thresholds }));
  return findings;
}

/**
 * The evaluation's writes, in its transaction `tx`. The inbox delete, the volume count and the
 * detectors' own records do not depend on each other: they are sent together (see `together`).
 */
async function writeBatch(tx: Db, jobs: JobQueue, scope: Scope, batch: Batch, findings: Finding[]): Promise<BatchResult> {
  const [, , completed] = await together(
    completeBatch(tx, batch),
    countVolume(tx, scope, batch.transactions),
    together(...findings.map((f) => (typeof f === "function" ? f(tx) : Promise.resolve(f)))),
  );
  const hits: Hit[] = completed.flat();
  const created = (await raiseAlerts(tx, jobs, scope, hits)).filter((r) => r.created).length;
  return { processed: batch.inboxIds.length, hits: hits.length, created };
}

/** Evaluates until the scope's inbox is empty or the time budget is spent; reports the totals. */
export async function drainInbox(db: Db, jobs: JobQueue, scope: Scope, budgetMs = Infinity): Promise<BatchResult & { drained: boolean }> {
  await refreshStatistics(db);
  const total = { processed: 0, hits: 0, created: 0, drained: false };
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const r = await evaluateBatch(db, jobs, scope);
    total.processed += r.processed;
    total.hits += r.hits;
    total.created += r.created;
    if (r.processed < BATCH_SIZE) return { ...total, drained: true };
    if (Date.now() >= deadline) return total;
  }
}
