import type { Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { raiseAlerts } from "../alerts/raise";
import { claimBatch, completeBatch } from "./batch";
import { detectAto } from "./detectors/ato";
import { detectCardTesting } from "./detectors/card-testing";
import { detectDeviceClusters } from "./detectors/device-cluster";
import { detectIdentityAbuse } from "./detectors/identity-abuse";
import type { Detector, Hit } from "./detectors/types";
import { countVolume, detectAccountVelocity, detectKeyVelocity } from "./detectors/velocity";
import { loadThresholds } from "./settings";
import { refreshStatistics } from "./statistics";

/** Inbox rows per evaluation transaction. */
export const BATCH_SIZE = 500;

const detectors: Detector[] = [detectCardTesting, detectKeyVelocity, detectAccountVelocity, detectDeviceClusters, detectAto, detectIdentityAbuse];

export type BatchResult = { processed: number; hits: number; created: number };

/**
 * Evaluates one batch of pending live writes of an account and environment, in one transaction:
 * claim the inbox rows, count the scores into the volume buckets, run every detector on the keys
 * the rows touch, raise (or fold) an alert per hit — all hits at once, a fixed number of statements —, delete the
 * rows. Either all of it commits or none does and the rows are evaluated again. Open alerts are
 * locked in (type, key) order, so two runners that hit the same alerts cannot deadlock.
 */
export async function evaluateBatch(db: Db, jobs: JobQueue, scope: Scope, limit = BATCH_SIZE): Promise<BatchResult> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const batch = await claimBatch(tx, scope, limit);
    if (!batch) return { processed: 0, hits: 0, created: 0 };
    const thresholds = await loadThresholds(tx, scope);
    await countVolume(tx, scope, batch.transactions);
    const hits: Hit[] = [];
    for (const detect of detectors) hits.push(...(await detect({ db: tx, scope, batch, thresholds })));
    const created = (await raiseAlerts(tx, jobs, scope, hits)).filter((r) => r.created).length;
    await completeBatch(tx, batch);
    return { processed: batch.inboxIds.length, hits: hits.length, created };
  });
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
