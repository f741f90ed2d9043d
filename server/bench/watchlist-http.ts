// Watchlist screening over HTTP: the evaluation cases (server/domain/watchlist/evaluation.ts) sent
// one at a time to `GET /v1/identity/watchlist` of a real API process (PGlite, started as
// `npm start` starts it), with recall per class, false positives, and the latency per screening
// against `GET /healthz` of the same server; plus the load time of the lists in process.
//
//   node --import tsx server/bench/watchlist-http.ts [--per-kind 1000] [--healthz 3000]
//
// Prints a readable report, then one JSON summary line (prefixed "WATCHLIST_HTTP_JSON ").

import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { buildEvaluationCases, type CaseKind, type EvalCase } from "../domain/watchlist/evaluation";
import { bundledSources, loadSources } from "../domain/watchlist/loaders";
import { POSSIBLE_MATCH_THRESHOLD } from "../domain/watchlist/score";
import { WatchlistService } from "../domain/watchlist/service";
import { cleanup, startBenchApi } from "./api-process";

const DATA_DIR = fileURLToPath(new URL("../data/watchlists/", import.meta.url));
/** Kinds sent over HTTP: the particle classes, the hard existing ones, and the unlisted names. */
const KINDS: ReadonlySet<CaseKind> = new Set<CaseKind>([
  "particle_joined",
  "particle_split",
  "article_form",
  "apostrophe_hyphen",
  "abd_form",
  "abu_joined",
  "bin_form",
  "din_form",
  "rehman_form",
  "typo",
  "dropped_token",
  "clear",
  "shared_surname",
]);
const UNLISTED: ReadonlySet<CaseKind> = new Set<CaseKind>(["clear", "shared_surname"]);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

type Match = { entity_id: string; match_score: number };

async function main(): Promise<void> {
  const perKind = arg("per-kind", 1000);
  const healthzCount = arg("healthz", 3000);

  // The load at start, in process, the way the API's provider does it (parse, then the chunked build).
  const t0 = performance.now();
  const service = await WatchlistService.create({ sources: bundledSources(DATA_DIR) });
  const loadMs = performance.now() - t0;
  const stats = service.stats();
  const parseStart = performance.now();
  const entities = (await loadSources(bundledSources(DATA_DIR))).entities;
  const parseMs = performance.now() - parseStart;
  console.log(
    `load in process: ${Math.round(loadMs)} ms (parse alone ${Math.round(parseMs)} ms, so the index ~${Math.round(loadMs - parseMs)} ms); ${JSON.stringify(stats.entities)}`,
  );

  const cases = buildEvaluationCases(entities, { seed: 42, variantsPerKind: perKind }).filter((c) => KINDS.has(c.kind));
  const api = await startBenchApi("pglite", { postgresAdminUrl: "" });
  try {
    const headers = { authorization: `Bearer ${api.liveKey}` };
    const screen = async (c: EvalCase) => {
      const q = new URLSearchParams({ name: c.query, lists: "ofac,un_sanctions" });
      if (c.dateOfBirth) q.set("date_of_birth", c.dateOfBirth);
      const s = performance.now();
      const res = await fetch(`${api.url}/v1/identity/watchlist?${q}`, { headers });
      const body = (await res.json()) as { status?: string; matches?: Match[] };
      return { ms: performance.now() - s, status: res.status, body };
    };
    // The lists load in the background after /readyz: wait for the first answered screening.
    const readyStart = performance.now();
    for (;;) {
      const r = await screen({ kind: "clear", query: "Warm Up" });
      if (r.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`first screening answered ${Math.round(performance.now() - readyStart)} ms after /readyz`);
    for (const c of cases.slice(0, 300)) await screen(c);

    const lat: number[] = [];
    const acc = new Map<CaseKind, { cases: number; hits: number }>();
    let errors = 0;
    for (const c of cases) {
      const r = await screen(c);
      lat.push(r.ms);
      if (r.status !== 200) {
        errors++;
        continue;
      }
      const a = acc.get(c.kind) ?? { cases: 0, hits: 0 };
      acc.set(c.kind, a);
      a.cases++;
      const matches = r.body.matches ?? [];
      if (UNLISTED.has(c.kind)) {
        if (r.body.status !== "clear") a.hits++;
      } else if (matches.some((m) => m.entity_id === c.expectedId && m.match_score >= POSSIBLE_MATCH_THRESHOLD)) a.hits++;
    }

    const hz: number[] = [];
    for (let i = 0; i < healthzCount; i++) {
      const s = performance.now();
      const res = await fetch(`${api.url}/healthz`);
      await res.arrayBuffer();
      hz.push(performance.now() - s);
    }
    lat.sort((a, b) => a - b);
    hz.sort((a, b) => a - b);
    const byKind = Object.fromEntries([...acc].map(([k, a]) => [k, { cases: a.cases, rate: r2((100 * a.hits) / a.cases) }]));
    console.log("\nclass                 cases   recall % (false positives % for clear, shared_surname)");
    for (const [k, v] of Object.entries(byKind)) console.log(`${k.padEnd(20)} ${String(v.cases).padStart(6)}   ${v.rate}`);
    const summary = {
      screenings: lat.length,
      errors,
      screening_ms: { p50: r2(pct(lat, 50)), p99: r2(pct(lat, 99)), max: r2(lat[lat.length - 1] ?? 0) },
      healthz_ms: { p50: r2(pct(hz, 50)), p99: r2(pct(hz, 99)) },
      p99_ratio_to_healthz: r2(pct(lat, 99) / Math.max(pct(hz, 99), 0.001)),
      load_ms: Math.round(loadMs),
      parse_ms: Math.round(parseMs),
      by_kind: byKind,
    };
    console.log(
      `\nGET /v1/identity/watchlist, one request at a time: p50 ${summary.screening_ms.p50} ms, p99 ${summary.screening_ms.p99} ms, max ${summary.screening_ms.max} ms` +
        ` (${lat.length} screenings, ${errors} errors); GET /healthz p50 ${summary.healthz_ms.p50} ms, p99 ${summary.healthz_ms.p99} ms; p99 ratio ${summary.p99_ratio_to_healthz}`,
    );
    console.log(`WATCHLIST_HTTP_JSON ${JSON.stringify(summary)}`);
  } finally {
    await cleanup();
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
