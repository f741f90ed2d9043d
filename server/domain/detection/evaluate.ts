import type { Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { raiseAlerts } from "../alerts/raise";
import { claimBatch, completeBatch, releaseBatch } from "./batch";
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

const detectors: Detector[] = [detectCardTesting, detectKeyVelocity, detectAccountVelocity, detectDeviceClusters, detectAto, detectIdentityAbuse];

export type BatchResult = { processed: number; hits: number; created: number };

/**
 * Evaluates one batch of pending live writes of an account and environment. Claims the inbox rows
 * (a lease, one statement), runs every detector's reads on the keys the rows touch — each read a
 * statement of its own, no transaction held, so on the embedded database scoring goes on between
 * them —, then in ONE transaction: deletes the rows (only while still ours), counts the scores
 * into the volume buckets, completes the detectors' findings, raises (or folds) an alert per hit,
 * all hits at once. Either that transaction commits or none of it does; on any failure the rows
 * are given back and evaluated again. Open alerts are locked in (type, key) order, so two runners
 * that hit the same alerts cannot deadlock.
 */
export async function evaluateBatch(db: Db, jobs: JobQueue, scope: Scope, limit = BATCH_SIZE): Promise<BatchResult> {
  const batch = await claimBatch(db, scope, limit);
  if (!batch) return { processed: 0, hits: 0, created: 0 };
  try {
    const thresholds = await loadThresholds(db, scope);
    const findings: Finding[] = [];
    for (const detect of detectors) findings.push(await detect({ db, scope, batch, thresholds }));
    return await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await completeBatch(tx, batch);
      await countVolume(tx, scope, batch.transactions);
      const hits: Hit[] = [];
      for (const f of findings) hits.push(...(typeof f === "function" ? await f(tx) : f));
      const created = (await raiseAlerts(tx, jobs, scope, hits)).filter((r) => r.created).length;
      return { processed: batch.inboxIds.length, hits: hits.length, created };
    });
  } catch (err) {
    await releaseBatch(db, batch).catch(() => undefined);
    throw err;
  }
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
