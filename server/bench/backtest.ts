// Backtest bench: how many stored live scores a policy backtest replays per second, on PGlite (a
// data folder, on its database thread as the API runs it) and on PostgreSQL, over a seeded store of
// realistic size. Each run creates a backtest of a draft over the whole store and runs its job's
// loop to the end (keyset pages, replay, progress writes): the time a backtest takes in the console.
//
//   node --import tsx server/bench/backtest.ts [--scores 200000] [--runs 3] [--batch 5000] [--skip-postgres]

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../db/client";
import { createBacktest } from "../domain/backtest/backtest";
import { runBacktest } from "../domain/backtest/run";
import { JobQueue } from "../jobs/queue";
import { seedStoredScores } from "../test/stored-scores";

export type BacktestBenchResult = {
  scores: number;
  runs: number;
  backends: { backend: "pglite" | "postgres"; seed_s: number; run_s: number[]; scores_per_second_median: number; error?: string }[];
};

const scope = { accountId: "acct_bench_backtest", environment: "live" as const };
/** A realistic draft: new bands and three rules on signals, amounts and merchant categories. */
const DRAFT = {
  score_bands: { block: 70, challenge: 35 },
  rules: [
    { name: "Block prepaid bursts", action: "block" as const, when: { signals_all: ["velocity_high", "bin_prepaid"] } },
    { name: "Challenge large gambling", action: "challenge" as const, when: { merchant_categories: ["7995"], amount_gte: 20_000 } },
    { name: "Allow known e-mails", action: "allow" as const, when: { signals_any: ["email_seen_before"], score_gte: 0 } },
  ],
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function benchOne(
  backend: "pglite" | "postgres",
  database: Database,
  opts: { scores: number; runs: number; batch?: number; log: (l: string) => void },
) {
  const start = new Date("2026-10-01T00:00:00Z");
  let t = performance.now();
  // One score every 13 s: 200,000 scores are a month of a busy account.
  await seedStoredScores(database.db, scope, { n: opts.scores, start, stepMs: 13_000 });
  await database.db.execute(sql`analyze transactions`);
  const seedS = (performance.now() - t) / 1000;
  opts.log(`${backend}: seeded ${opts.scores.toLocaleString("en-US")} scores in ${seedS.toFixed(1)} s`);
  const runS: number[] = [];
  const end = new Date(start.getTime() + opts.scores * 13_000);
  for (let i = 0; i < opts.runs; i++) {
    const bt = await createBacktest(database.db, new JobQueue(), scope, { draft: DRAFT, start, end, analystId: "ana_bench" });
    t = performance.now();
    await runBacktest(database.db, bt.id, { batch: opts.batch });
    runS.push((performance.now() - t) / 1000);
    opts.log(`${backend}: run ${i + 1}: ${(opts.scores / runS.at(-1)!).toFixed(0)} scores/s (${runS.at(-1)!.toFixed(2)} s)`);
  }
  return {
    backend,
    seed_s: Math.round(seedS * 10) / 10,
    run_s: runS.map((s) => Math.round(s * 1000) / 1000),
    scores_per_second_median: Math.round(opts.scores / median(runS)),
  };
}

export async function runBacktestBench(opts: {
  scores?: number;
  runs?: number;
  batch?: number;
  postgresAdminUrl?: string;
  skipPostgres?: boolean;
  skipPglite?: boolean;
  log?: (l: string) => void;
}): Promise<BacktestBenchResult> {
  const scores = opts.scores ?? 200_000;
  const runs = opts.runs ?? 3;
  const log = opts.log ?? console.log;
  const backends: BacktestBenchResult["backends"] = [];
  if (!opts.skipPglite) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-bench-backtest-"));
    try {
      const database = await openPglite(dir);
      try {
        backends.push(await benchOne("pglite", database, { scores, runs, batch: opts.batch, log }));
      } finally {
        await database.close();
      }
    } catch (err) {
      backends.push({ backend: "pglite", seed_s: 0, run_s: [], scores_per_second_median: 0, error: (err as Error).message });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!opts.skipPostgres) {
    const adminUrl = opts.postgresAdminUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `argus_bench_bt_${randomBytes(4).toString("hex")}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    try {
      await admin(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openPostgres(url.toString(), 4);
      try {
        backends.push(await benchOne("postgres", database, { scores, runs, batch: opts.batch, log }));
      } finally {
        await database.close();
      }
    } catch (err) {
      backends.push({ backend: "postgres", seed_s: 0, run_s: [], scores_per_second_median: 0, error: (err as Error).message });
    } finally {
      await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    }
  }
  return { scores, runs, backends };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      scores: { type: "string" },
      runs: { type: "string" },
      batch: { type: "string" },
      "skip-postgres": { type: "boolean", default: false },
      "skip-pglite": { type: "boolean", default: false },
    },
  });
  const result = await runBacktestBench({
    scores: values.scores ? Number(values.scores) : undefined,
    runs: values.runs ? Number(values.runs) : undefined,
    batch: values.batch ? Number(values.batch) : undefined,
    skipPostgres: values["skip-postgres"],
    skipPglite: values["skip-pglite"],
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL || undefined,
  });
  console.log(`BACKTEST_BENCH_JSON ${JSON.stringify(result)}`);
}
