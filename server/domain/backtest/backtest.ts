import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backtests, type BacktestDraft } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { assertPeriod } from "../../core/period";
import { newId } from "../../core/ids";
import { isoSeconds } from "../../core/time";
import type { JobQueue } from "../../jobs/queue";
import { completeRules, type PolicyPatch } from "../scoring";
import { backtestResult, emptyTallies, type Tallies } from "./tally";

export const BACKTEST_JOB = "policies.backtest";

export type BacktestRow = typeof backtests.$inferSelect;
export type DraftInput = { score_bands: { block: number; challenge: number }; rules: NonNullable<PolicyPatch["rules"]> };

/**
 * Records a backtest of `draft` over the live scores created in [start, end] and queues its job in
 * the same transaction, so an acknowledged backtest always runs (after a restart too).
 */
export async function createBacktest(
  db: Db,
  queue: JobQueue,
  scope: Scope,
  input: { draft: DraftInput; start: Date; end: Date; analystId: string },
): Promise<BacktestRow> {
  assertPeriod(input.start, input.end);
  const draft: BacktestDraft = { score_bands: input.draft.score_bands, rules: completeRules(input.draft.rules, "draft.rules") };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(backtests)
      .values({
        id: newId("bt"),
        ...scopeValues(scope),
        periodStart: input.start,
        periodEnd: input.end,
        // The database's clock, which stamped the scores (not this process's).
        readUntil: sql`now()`,
        draft,
        tallies: emptyTallies(),
        createdBy: input.analystId,
      })
      .returning();
    await queue.enqueue(tx, BACKTEST_JOB, { backtest_id: (row as BacktestRow).id });
    return row as BacktestRow;
  });
}

export async function findBacktest(db: Db, scope: Scope, id: string): Promise<BacktestRow | undefined> {
  const [row] = await db
    .select()
    .from(backtests)
    .where(inScope(backtests, scope, eq(backtests.id, id)));
  return row;
}

/** The backtest resource of /api/v1/policies/backtest; `result` once it succeeded. */
export function serializeBacktest(row: BacktestRow) {
  return {
    object: "backtest" as const,
    id: row.id,
    environment: row.environment,
    status: row.status,
    progress: { scanned: row.scanned, total: row.total ?? 0 },
    period: { start_time: isoSeconds(row.periodStart) as string, end_time: isoSeconds(row.periodEnd) as string },
    draft: row.draft,
    result: row.status === "succeeded" ? backtestResult((row.tallies as Tallies | null) ?? emptyTallies()) : null,
    error: row.error,
    created_by: row.createdBy,
    created_at: isoSeconds(row.createdAt) as string,
    started_at: isoSeconds(row.startedAt),
    finished_at: isoSeconds(row.finishedAt),
  };
}
