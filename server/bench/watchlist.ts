// Watchlist screening bench: load time, entity counts, index memory, screening throughput and
// latency on one core, and matching quality, on the bundled OFAC + UN (+ PEP) data.
//
//   node --import tsx server/bench/watchlist.ts [--runs 5] [--queries 4000] [--no-pep]
//
// Prints a readable report, then one JSON summary line (prefixed "WATCHLIST_BENCH_JSON ").

import { fileURLToPath, pathToFileURL } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { buildEvaluationCases, evaluate, rng, type EvalCase } from "../domain/watchlist/evaluation";
import { bundledSources, loadSources } from "../domain/watchlist/loaders";
import { screen } from "../domain/watchlist/screen";
import { ScreeningIndex } from "../domain/watchlist/screening-index";
import { WatchlistService } from "../domain/watchlist/service";
import type { ListName, WatchlistEntity } from "../domain/watchlist/types";

export type WatchlistBenchOptions = {
  runs?: number;
  queries?: number;
  includePep?: boolean;
  dataDir?: string;
  log?: (line: string) => void;
};

export type WatchlistBenchResult = {
  runs: number;
  queries_per_run: number;
  lists: string[];
  entities: Record<string, number>;
  names_indexed: number;
  load_ms_median: number;
  parse_ms_median: number;
  index_build_ms_median: number;
  memory: { method: "heap_delta_after_gc" | "estimate"; entities_bytes: number; index_bytes: number; total_bytes: number };
  screenings_per_second_median: number;
  latency_ms: { p50: number; p99: number; max: number };
  reload_max_event_loop_stall_ms: number;
  quality: {
    recall_at_possible: Record<string, number>;
    match_rate: Record<string, number>;
    false_positive_rate: number;
    false_positive_match_rate: number;
    shared_surname_false_positive_rate: number;
    clear_names: number;
  };
  node: string;
};

const DEFAULT_DATA_DIR = fileURLToPath(new URL("../data/watchlists/", import.meta.url));

/** A real collector: `global.gc` under --expose-gc, else the same function obtained at run time. */
function getGc(): (() => void) | null {
  const g = (globalThis as { gc?: () => void }).gc;
  if (typeof g === "function") return g;
  try {
    v8.setFlagsFromString("--expose-gc");
    return vm.runInNewContext("gc") as () => void;
  } catch {
    return null;
  }
}

function heapAfterGc(gc: (() => void) | null): number {
  if (gc) {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** A varied workload: half listed names and variants (some with a date of birth), half ordinary names. */
function workload(entities: readonly WatchlistEntity[], n: number): EvalCase[] {
  const cases = buildEvaluationCases(entities, { seed: 7, variantsPerKind: 1500 });
  const rand = rng(11);
  const shuffle = <T>(xs: T[]) => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
    }
    return xs;
  };
  const listed = shuffle(cases.filter((c) => c.kind !== "clear"));
  const clear = shuffle(cases.filter((c) => c.kind === "clear"));
  const half = Math.floor(n / 2);
  return shuffle([...listed.slice(0, half), ...clear.slice(0, n - half)]);
}

export async function runWatchlistBench(options: WatchlistBenchOptions = {}): Promise<WatchlistBenchResult> {
  const runs = options.runs ?? 5;
  const queryCount = options.queries ?? 4000;
  const log = options.log ?? ((line: string) => console.log(line));
  const sources = bundledSources(options.dataDir ?? DEFAULT_DATA_DIR);
  if (options.includePep === false) delete sources.pep;
  const scope: ListName[] = ["ofac", "un_sanctions"];
  const gc = getGc();

  const loadMs: number[] = [];
  const parseMs: number[] = [];
  const buildMs: number[] = [];
  const rates: number[] = [];
  let latencies = new Float64Array(0);
  let memory: WatchlistBenchResult["memory"] | null = null;
  // Held in an object so each run can drop the previous run's data before its baseline heap.
  const last: { index: ScreeningIndex | null; entities: WatchlistEntity[] } = { index: null, entities: [] };

  for (let run = 0; run < runs; run++) {
    last.index = null;
    last.entities = [];
    const h0 = heapAfterGc(gc);
    const t0 = performance.now();
    const entities = (await loadSources(sources)).entities;
    const t1 = performance.now();
    const h1 = heapAfterGc(gc);
    const t2 = performance.now();
    const index = new ScreeningIndex(entities);
    const t3 = performance.now();
    last.index = index;
    last.entities = entities;
    const h2 = heapAfterGc(gc);
    parseMs.push(t1 - t0);
    buildMs.push(t3 - t2);
    loadMs.push(t1 - t0 + (t3 - t2));
    if (!memory) {
      memory = gc
        ? { method: "heap_delta_after_gc", entities_bytes: h1 - h0, index_bytes: h2 - h1, total_bytes: h2 - h0 }
        : { method: "estimate", entities_bytes: 0, index_bytes: index.estimateBytes(), total_bytes: index.estimateBytes() };
    }

    // Each run screens a fresh index (cold token-similarity cache), after a short warm-up for the JIT.
    const queries = workload(entities, queryCount);
    for (const q of queries.slice(0, 300)) screen(index, { name: q.query, dateOfBirth: q.dateOfBirth, lists: scope });
    const lat = new Float64Array(queries.length);
    const start = performance.now();
    for (let i = 0; i < queries.length; i++) {
      const q = queries[i] as EvalCase;
      const s = performance.now();
      screen(index, { name: q.query, dateOfBirth: q.dateOfBirth, lists: scope });
      lat[i] = performance.now() - s;
    }
    const elapsed = performance.now() - start;
    rates.push((queries.length / elapsed) * 1000);
    if (run === runs - 1 || latencies.length === 0) latencies = lat;
    log(
      `run ${run + 1}/${runs}: parse ${Math.round(t1 - t0)} ms, index ${Math.round(t3 - t2)} ms, ${Math.round(rates[rates.length - 1] as number)} screenings/s`,
    );
  }
  const { index, entities } = last;
  if (!index || !memory) throw new Error("no bench run");

  // Latency over all the last run's queries; median run for throughput.
  const sorted = Float64Array.from(latencies).sort();

  // How long a live reload blocks the event loop (screenings wait at most this long).
  const service = new WatchlistService({ sources });
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await service.reload();
  h.disable();
  const stallMs = h.max / 1e6;

  const report = evaluate(index, buildEvaluationCases(entities, { seed: 42, variantsPerKind: 1000 }), scope);
  const recall: Record<string, number> = {};
  const matchRate: Record<string, number> = {};
  for (const [kind, k] of Object.entries(report.byKind)) {
    if (kind === "clear" || !k) continue;
    recall[kind] = r3(k.rateAtPossible);
    matchRate[kind] = r3(k.rateAtMatch);
  }

  const counts: Record<string, number> = {};
  for (const e of entities) counts[e.list] = (counts[e.list] ?? 0) + 1;
  return {
    runs,
    queries_per_run: queryCount,
    lists: Object.keys(counts),
    entities: counts,
    names_indexed: index.names.length,
    load_ms_median: Math.round(median(loadMs)),
    parse_ms_median: Math.round(median(parseMs)),
    index_build_ms_median: Math.round(median(buildMs)),
    memory,
    screenings_per_second_median: Math.round(median(rates)),
    latency_ms: { p50: r3(percentile(sorted, 50)), p99: r3(percentile(sorted, 99)), max: r3(sorted[sorted.length - 1] ?? 0) },
    reload_max_event_loop_stall_ms: Math.round(stallMs),
    quality: {
      recall_at_possible: recall,
      match_rate: matchRate,
      false_positive_rate: r3(report.falsePositiveRate),
      false_positive_match_rate: r3(report.falsePositiveMatchRate),
      shared_surname_false_positive_rate: r3(report.sharedSurnameFalsePositiveRate),
      clear_names: report.byKind.clear?.cases ?? 0,
    },
    node: process.version,
  };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runWatchlistBench({
    runs: arg("--runs") ? Number(arg("--runs")) : undefined,
    queries: arg("--queries") ? Number(arg("--queries")) : undefined,
    includePep: !process.argv.includes("--no-pep"),
  });
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  console.log("");
  console.log(
    `entities: ${Object.entries(result.entities)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")} (${result.names_indexed} names indexed)`,
  );
  console.log(`load: ${result.load_ms_median} ms median (parse ${result.parse_ms_median} ms + index ${result.index_build_ms_median} ms)`);
  console.log(
    `memory (${result.memory.method}): entities ${mb(result.memory.entities_bytes)}, index ${mb(result.memory.index_bytes)}, total ${mb(result.memory.total_bytes)}`,
  );
  console.log(
    `screening (OFAC + UN scope, one core): ${result.screenings_per_second_median}/s median of ${result.runs} runs; p50 ${result.latency_ms.p50} ms, p99 ${result.latency_ms.p99} ms, max ${result.latency_ms.max} ms`,
  );
  console.log(`reload: longest event-loop stall ${result.reload_max_event_loop_stall_ms} ms`);
  console.log(`recall at possible_match: ${JSON.stringify(result.quality.recall_at_possible)}`);
  console.log(
    `false positives on ${result.quality.clear_names} ordinary names: ${(result.quality.false_positive_rate * 100).toFixed(2)}% possible_match or above, ${(result.quality.false_positive_match_rate * 100).toFixed(2)}% match; ${(result.quality.shared_surname_false_positive_rate * 100).toFixed(2)}% of people sharing only a listed surname`,
  );
  console.log(`WATCHLIST_BENCH_JSON ${JSON.stringify(result)}`);
}
