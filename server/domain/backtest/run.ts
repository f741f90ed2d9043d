import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backtests, transactions, type BacktestDraft, type Decision } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { emptyTallies, replay, type StoredScore, type Tallies } from "./tally";

/** Scores read per keyset page (and per progress write). */
export const BACKTEST_BATCH = 5_000;

/**
 * Runs (or resumes) one backtest: reads the period's live scores oldest first in keyset pages,
 * replays each with the draft, and writes progress, cursor and tallies together once per page.
 * Each write expects the `scanned` it started from, so if another runner took the job over (a lease
 * lapsed) only one of them moves it on; the other stops. Returns whether the backtest is finished.
 * `pages` bounds the pages read by this call (the rest is left for a later call to resume).
 */
export async function runBacktest(db: Db, id: string, opts: { batch?: number; pages?: number } = {}): Promise<boolean> {
  const batch = opts.batch ?? BACKTEST_BATCH;
  let [bt] = await db.select().from(backtests).where(eq(backtests.id, id));
  if (!bt) return true;
  if (bt.status === "succeeded" || bt.status === "failed") return true;
  const scope: Scope = { accountId: bt.accountId, environment: bt.environment };
  const until = bt.periodEnd < bt.readUntil ? bt.periodEnd : bt.readUntil;
  const inPeriod = inScope(transactions, scope, gte(transactions.createdAt, bt.periodStart), lte(transactions.createdAt, until));
  if (bt.total === null) {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(inPeriod);
    [bt] = await db
      .update(backtests)
      .set({ status: "running", total: Number(n), startedAt: sql`now()` })
      .where(and(eq(backtests.id, id), sql`${backtests.total} is null`))
      .returning();
    if (!bt) return runBacktest(db, id, opts);
  }
  const draft = bt.draft as BacktestDraft;
  const tallies = (bt.tallies as Tallies | null) ?? emptyTallies();
  let scanned = bt.scanned;
  let cursor = bt.cursorAt && bt.cursorId ? { at: bt.cursorAt, id: bt.cursorId } : null;
  // The next page is read while this one is replayed and its progress written: on PGlite the
  // database thread reads while the API's thread replays, on PostgreSQL two connections work.
  let next: Promise<StoredScore[]> | null = readPage(db, inPeriod, cursor, batch);
  for (let page = 0; next; page++) {
    if (opts.pages !== undefined && page >= opts.pages) return settle(next, false);
    const rows: StoredScore[] = await next;
    const done = rows.length < batch;
    const last = rows.at(-1);
    if (last) cursor = { at: last.createdAt, id: last.id };
    next = done ? null : readPage(db, inPeriod, cursor, batch);
    for (const r of rows) replay(tallies, r, draft);
    const moved = await db
      .update(backtests)
      .set({
        scanned: scanned + rows.length,
        cursorAt: cursor?.at ?? null,
        cursorId: cursor?.id ?? null,
        tallies,
        ...(done
          ? { status: "succeeded" as const, finishedAt: sql`now()`, total: sql`greatest(${backtests.total}, ${scanned + rows.length})` }
          : { status: "running" as const }),
      })
      .where(and(eq(backtests.id, id), eq(backtests.scanned, scanned), eq(backtests.status, "running")))
      .returning({ id: backtests.id });
    if (moved.length === 0) return settle(next, false);
    scanned += rows.length;
  }
  return true;
}

/** Waits for a read this call no longer needs (its failure does not matter), then answers `result`. */
async function settle(pending: Promise<unknown> | null, result: boolean): Promise<boolean> {
  await pending?.catch(() => undefined);
  return result;
}

async function readPage(
  db: Db,
  inPeriod: ReturnType<typeof inScope>,
  cursor: { at: Date; id: string } | null,
  limit: number,
): Promise<StoredScore[]> {
  const t = transactions;
  const rows = await db
    .select({
      id: t.id,
      createdAt: t.createdAt,
      riskScore: t.riskScore,
      decision: t.decision,
      signals: t.signals,
      amount: t.amount,
      currency: t.currency,
      paymentMethodType: t.paymentMethodType,
      merchantId: t.merchantId,
      merchantCategory: t.merchantCategory,
      label: t.label,
    })
    .from(t)
    .where(cursor ? and(inPeriod, sql`(${t.createdAt}, ${t.id}) > (${cursor.at}, ${cursor.id})`) : inPeriod)
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, decision: r.decision as Decision, signals: r.signals.map((s) => s.name) }));
}

/** Marks a backtest failed (its job gave up): the reason is shown, the tallies so far are kept. */
export async function failBacktest(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(backtests)
    .set({ status: "failed", error: reason.slice(0, 500), finishedAt: sql`now()` })
    .where(and(eq(backtests.id, id), sql`${backtests.status} in ('queued', 'running')`));
}
