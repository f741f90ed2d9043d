// `npm run bench`: HTTP throughput and latency of the API on PGlite and on PostgreSQL, plus the
// watchlist screening bench and the policy backtest's replay rate (backtest.ts). Prints a table
// and writes server/bench/results/<timestamp>.json. Each
// run also gives the API process's CPU per request and how busy its main thread and its busiest
// other thread (the embedded database's, on PGlite) were (Linux /proc; PostgreSQL's own CPU not
// included): steadier than latency from one day to the next on a shared machine.
//
//   npm run bench                       3 runs × 10 s per route after a 3 s warm-up, 50 connections
//   npm run bench -- --quick            2 runs × 3 s after 1 s (a smoke test, not a measurement)
//   npm run bench -- --runs 5 --duration 20 --warmup 5 --connections 100
//   npm run bench -- --targets healthz --skip-postgres --skip-watchlist
//   npm run bench -- --targets score@1000 --timeline 250   each open-loop run's worst latency per
//                                       250 ms of its schedule, and the worst the server reported
//   npm run bench -- --targets score@600   the open-loop score target at another rate (any score@N)
//   npm run bench -- --backtest-scores 500000   the backtest bench's store size (default 200,000;
//                                       --quick: 50,000); --skip-backtest leaves it out
//   --skip-pglite, --skip-postgres, --skip-worker: leave out a storage setup (pglite; postgres with
//   jobs in the API; postgres-worker: the API runs no jobs, one `npm run worker` process does)
//
// Environment: BENCH_RUNS, BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_TIMELINE (same as the flags),
// BENCH_NO_JOBS=1: the API runs no job runner (detection, webhooks wait), to see what the
// in-process background work costs the request path.
// BENCH_API_NODE_ARGS: extra node flags for the API process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
// BENCH_POSTGRES_URL: a server where the bench may create and drop a database (default
// postgres://postgres@127.0.0.1:5432/postgres). Each backend gets a fresh database, a temporary
// data folder and free ports; everything is removed at the end, also on failure or Ctrl+C.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { cleanup, root, startBenchApi, type Backend } from "./api-process";
import { runHttpBench, TARGETS, type HttpOptions, type Target, type TargetResult } from "./http";
import { runWatchlistBench, type WatchlistBenchResult } from "./watchlist";
import { runBacktestBench, type BacktestBenchResult } from "./backtest";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    runs: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    connections: { type: "string" },
    timeline: { type: "string" },
    targets: { type: "string" },
    "skip-watchlist": { type: "boolean", default: false },
    "skip-backtest": { type: "boolean", default: false },
    "backtest-scores": { type: "string" },
    "skip-postgres": { type: "boolean", default: false },
    "skip-pglite": { type: "boolean", default: false },
    "skip-worker": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  const header = fs
    .readFileSync(new URL(import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("//"));
  console.log(header.map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
  process.exit(0);
}

function intOption(flag: string | undefined, envName: string, fallback: number, min: number): number {
  const raw = flag ?? process.env[envName];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`bench: ${envName.replace("BENCH_", "--").toLowerCase()} must be an integer ≥ ${min} (got ${raw}).`);
    process.exit(2);
  }
  return n;
}

const quick = values.quick;
const http: HttpOptions = {
  runs: intOption(values.runs, "BENCH_RUNS", quick ? 2 : 3, 1),
  durationS: intOption(values.duration, "BENCH_DURATION", quick ? 3 : 10, 1),
  warmupS: intOption(values.warmup, "BENCH_WARMUP", quick ? 1 : 3, 0),
  connections: intOption(values.connections, "BENCH_CONNECTIONS", 50, 1),
  timelineMs: intOption(values.timeline, "BENCH_TIMELINE", 0, 0) || undefined,
};
const watchlistRuns = quick ? 1 : 3;
const backtestScores = intOption(values["backtest-scores"], "BENCH_BACKTEST_SCORES", quick ? 50_000 : 200_000, 1);
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

const selected = values.targets ? values.targets.split(",").map((s) => s.trim()) : TARGETS.map((t) => t.name);
const found = selected.map((name) => TARGETS.find((t) => t.name === name) ?? atRate(name));
const unknown = selected.filter((_, i) => !found[i]);
if (unknown.length > 0) {
  console.error(`bench: unknown target(s) ${unknown.join(", ")}; known: ${TARGETS.map((t) => t.name).join(", ")}, or score@<req/s>.`);
  process.exit(2);
}
const targets = found.filter((t): t is Target => t !== undefined);

/** `score@N`: the open-loop score target at another offered rate (the same share of a slower machine). */
function atRate(name: string): Target | undefined {
  const m = /^score@([1-9]\d{0,4})$/.exec(name);
  const base = TARGETS.find((t) => t.name === "score@1000");
  if (!m || !base) return undefined;
  const rate = Number(m[1]);
  return { ...base, name, rate, description: base.description.replace("1,000", rate.toLocaleString("en-US")) };
}
const backends: Backend[] = [
  ...(values["skip-pglite"] ? [] : ["pglite" as const]),
  ...(values["skip-postgres"] ? [] : ["postgres" as const]),
  ...(values["skip-postgres"] || values["skip-worker"] ? [] : ["postgres-worker" as const]),
];

type BackendResult = { backend: Backend; storage: string; targets: TargetResult[] } | { backend: Backend; error: string };

// Ctrl+C: stop the APIs, drop the database and remove the folders before leaving.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\nbench: ${signal}: cleaning up …`);
    void cleanup().then(() => process.exit(130));
  });
}

function describeStorage(backend: Backend): string {
  if (backend === "pglite") return "PGlite (embedded, temporary data folder)";
  const u = new URL(postgresAdminUrl);
  const where = `PostgreSQL at ${u.hostname}:${u.port || 5432} (fresh database)`;
  return backend === "postgres-worker" ? `${where}, jobs in one \`npm run worker\` process (the API runs none)` : where;
}

async function benchBackend(backend: Backend): Promise<BackendResult> {
  console.log(`\n== HTTP on ${describeStorage(backend)} ==`);
  try {
    const api = await startBenchApi(backend, { postgresAdminUrl });
    console.log(`  API ${api.url} (live key ${api.liveKeyId}, limits raised; admin analyst ${api.analystId})`);
    const results = await runHttpBench(api, http, targets, (l) => console.log(l));
    return { backend, storage: describeStorage(backend), targets: results };
  } catch (err) {
    const message = (err as Error).message;
    console.error(`bench: ${backend} failed: ${message}`);
    return { backend, error: message };
  } finally {
    await cleanup();
  }
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

function table(results: BackendResult[]): string {
  const rows: string[][] = [
    ["storage", "route", "run", "req/s", "p50 ms", "p99 ms", "errors", "bad status", "API cpu ms/req", "main/other %"],
  ];
  for (const r of results) {
    if ("error" in r) {
      rows.push([r.backend, "(failed)", "", "", "", "", "", "", "", ""]);
      continue;
    }
    for (const t of r.targets) {
      t.runs.forEach((run, i) =>
        rows.push([
          r.backend,
          t.target,
          String(i + 1),
          String(run.requests_per_second),
          String(run.latency_ms.p50),
          String(run.latency_ms.p99),
          String(run.errors),
          String(run.unexpected_status),
          run.cpu ? String(run.cpu.ms_per_request) : "",
          run.cpu ? `${Math.round(run.cpu.main_busy_pct)}/${Math.round(run.cpu.other_busy_pct)}` : "",
        ]),
      );
      const m = t.median;
      rows.push([
        r.backend,
        t.target,
        "median",
        String(m.requests_per_second),
        String(m.p50_ms),
        String(m.p99_ms),
        String(m.errors),
        String(m.unexpected_status),
        m.cpu_ms_per_request === undefined ? "" : String(m.cpu_ms_per_request),
        "",
      ]);
    }
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? "").length)));
  return rows.map((row) => row.map((cell, c) => pad(cell, widths[c]!, c >= 3)).join("  ")).join("\n");
}

async function main(): Promise<number> {
  const startedAt = new Date();
  console.log(
    `Argus bench${quick ? " (quick: a smoke test, not a measurement)" : ""}: ${http.runs} run(s) × ${http.durationS} s after ${http.warmupS} s warm-up, ` +
      `${http.connections} connections; ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );

  const httpResults: BackendResult[] = [];
  for (const backend of backends) {
    if (interrupted) break;
    httpResults.push(await benchBackend(backend));
  }

  let watchlist: WatchlistBenchResult | { error: string } | undefined;
  if (!values["skip-watchlist"] && !interrupted) {
    console.log(`\n== Watchlist screening (${watchlistRuns} run${watchlistRuns === 1 ? "" : "s"}) ==`);
    try {
      watchlist = await runWatchlistBench({ runs: watchlistRuns, log: (l) => console.log(`  ${l}`) });
    } catch (err) {
      watchlist = { error: (err as Error).message };
      console.error(`bench: watchlist failed: ${(err as Error).message}`);
    }
  }

  let backtest: BacktestBenchResult | undefined;
  if (!values["skip-backtest"] && !interrupted) {
    console.log(`\n== Policy backtest replay (${backtestScores.toLocaleString("en-US")} stored scores, ${quick ? 1 : 3} run(s)) ==`);
    backtest = await runBacktestBench({
      scores: backtestScores,
      runs: quick ? 1 : 3,
      postgresAdminUrl,
      skipPglite: values["skip-pglite"],
      skipPostgres: values["skip-postgres"],
      log: (l) => console.log(`  ${l}`),
    });
  }

  console.log("\n== Results (HTTP: medians over runs; p50/p99 are each run's latency percentiles) ==\n");
  for (const t of targets) console.log(`  ${t.name}: ${t.description}`);
  console.log("");
  console.log(table(httpResults));
  if (watchlist && !("error" in watchlist)) {
    console.log(
      `\nwatchlist: ${watchlist.screenings_per_second_median} screenings/s median (one core), p50 ${watchlist.latency_ms.p50} ms, ` +
        `p99 ${watchlist.latency_ms.p99} ms; load ${watchlist.load_ms_median} ms; ${watchlist.names_indexed} names indexed`,
    );
  }

  for (const b of backtest?.backends ?? []) {
    console.log(
      b.error
        ? `backtest ${b.backend}: failed: ${b.error}`
        : `backtest ${b.backend}: ${b.scores_per_second_median} scores replayed/s median (runs ${b.run_s.join(", ")} s)`,
    );
  }

  const resultsDir = path.join(root, "server", "bench", "results");
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const output = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    quick,
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? "unknown", node: process.version, load_average_at_start: os.loadavg() },
    http: {
      options: { runs: http.runs, duration_s: http.durationS, warmup_s: http.warmupS, connections: http.connections },
      backends: httpResults,
    },
    watchlist: watchlist ?? null,
    backtest: backtest ?? null,
  };
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);

  const failed =
    httpResults.some((r) => "error" in r) ||
    (watchlist !== undefined && "error" in watchlist) ||
    Boolean(backtest?.backends.some((b) => b.error));
  return failed || interrupted ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`bench: ${(err as Error).stack ?? err}`);
} finally {
  await cleanup();
}
process.exit(code);
