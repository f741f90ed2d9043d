// `npm run bench:console`: what the Argus Console costs in the browser (issue 6, "Measure and
// report"): first-load JS per route (gzip) from a production build, the server-action round trip,
// the alert queue with 10,000 open alerts (first render, a filter, the next page), and for issue 32
// the Needs review queue with 10,000 pending items (first rows, a user filter) and the link graph
// at depth 2 on 100,000 users and 1,000,000 transactions (graph.ts on PostgreSQL, run as a child).
//
//   npm run bench:console                      7 runs, 10,000 alerts, 30 acknowledgements, 10,000 review items, the graph
//   npm run bench:console -- --runs 3 --alerts 2000 --acks 10 --review-items 2000
//   npm run bench:console -- --skip-graph      leave the graph out (its store takes minutes to write)
//   npm run bench:console -- --graph-users 10000 --graph-transactions 100000   a smaller graph store
//   npm run bench:console -- --reuse-build     use .next-bench as it is (no staleness check)
//   npm run bench:console -- --bundles-only    build (or reuse) and print first-load JS per route; no API, no browser
//   npm run bench:console -- --only review     the two queues' first rows and filter, nothing else (no next page,
//                                              acknowledgements, environment switch, cold scripts or graph): issue 32's figures
//   BENCH_DEBUG=1 npm run bench:console         also log each acknowledgement
//
// Steps: a fresh data folder (PGlite) and free ports; the API starts once with ARGUS_NO_DEMO=1
// so it bootstraps (demo account, admin, console.env) and scores a few pre-production
// transactions through its sandbox listener; it stops, this process opens the folder and raises
// the alerts with the domain's raiseAlert (console-seed.ts) and sets pre-production's score bands so
// every score waits for review (console-review-seed.ts); the API starts again, scores the review
// items through its sandbox listener, and the console
// is served by `next start` from its own build folder (.next-bench, rebuilt when older than its
// sources); Chromium (playwright-core) signs in as the admin and measures (console-browser.ts).
// Writes server/bench/results/console-<timestamp>.json. Everything started is stopped and the
// data folder removed at the end, also on failure or Ctrl+C; the build folder is kept for reuse.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startChild, stopChild, type StartedChild } from "../tools/lib/children";
import { consoleBuildReason } from "../tools/lib/console-build";
import { freePort, waitForHttp } from "../tools/lib/net";
import { BUNDLE_TARGET_BYTES, bundlesTable, measureBundles, type BundleReport } from "./console-bundles";
import { runBrowser, type BrowserResults } from "./console-browser";
import { runReviewQueue, type ReviewQueueResults } from "./console-review";
import { reviewApiTimings, scoreReviewItems, setReviewBands, type ReviewApiTimings, type ReviewSeedSummary } from "./console-review-seed";
import { scoreSeedTransactions, seedAlerts, type SeedSummary } from "./console-seed";
import { apiTimings, markdownReport, probeApi, readEnvFile, type ApiTimings, type GraphFigures } from "./console-report";

const root = fileURLToPath(new URL("../..", import.meta.url));
const HOST = "127.0.0.1";
const DIST_DIR = ".next-bench";
const NEXT_BIN = path.join(root, "node_modules/next/dist/bin/next");

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    alerts: { type: "string", default: "10000" },
    acks: { type: "string", default: "30" },
    "reuse-build": { type: "boolean", default: false },
    "bundles-only": { type: "boolean", default: false },
    "review-items": { type: "string", default: "10000" },
    "skip-graph": { type: "boolean", default: false },
    only: { type: "string" },
    "graph-users": { type: "string", default: "100000" },
    "graph-transactions": { type: "string", default: "1000000" },
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
const int = (raw: string, name: string, min: number) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`bench:console: --${name} must be an integer ≥ ${min} (got ${raw}).`);
    process.exit(2);
  }
  return n;
};
if (values.only !== undefined && values.only !== "review") {
  console.error(`bench:console: --only takes "review" (got ${values.only}).`);
  process.exit(2);
}
const QUEUES_ONLY = values.only === "review";
const RUNS = int(values.runs, "runs", 1);
const ALERTS = int(values.alerts, "alerts", 1);
const ACKS = int(values.acks, "acks", 1);
const REVIEW_ITEMS = int(values["review-items"], "review-items", 1);
const GRAPH_USERS = int(values["graph-users"], "graph-users", 10);
const GRAPH_TRANSACTIONS = int(values["graph-transactions"], "graph-transactions", 100);

const say = (line: string) => console.log(`bench:console: ${new Date().toISOString().slice(11, 19)} ${line}`);
const undo: { what: string; fn: () => Promise<unknown> | unknown }[] = [];
async function cleanup(): Promise<void> {
  while (undo.length > 0) {
    const step = undo.pop()!;
    try {
      await step.fn();
    } catch (err) {
      console.error(`bench:console: cleanup (${step.what}) failed: ${(err as Error).message}`);
    }
  }
}
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\nbench:console: ${signal}: cleaning up …`);
    void cleanup().then(() => process.exit(130));
  });
}

/** Ours minus anything that would point the API or the console at other data, keys or ports. */
function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    if (k.startsWith("ARGUS_") || ["DATABASE_URL", "REDIS_URL", "AUTH_SECRET", "PORT", "TEST_DATABASE_URL"].includes(k)) delete env[k];
  }
  return { ...env, ARGUS_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" };
}

function startApi(env: NodeJS.ProcessEnv, label: string): StartedChild {
  const child = startChild(`API (${label})`, process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
    cwd: root,
    env,
    prefix: `[api:${label}]`,
  });
  undo.push({ what: `stop the API (${label})`, fn: () => stopChild(child, 15_000) });
  return child;
}

// `next build` adds `<distDir>/types/**/*.ts` to tsconfig.json's include; take ours out again so
// the bench leaves no trace in a shared file (other build folders' entries are left alone).
function untouchTsconfig(): void {
  const file = path.join(root, "tsconfig.json");
  const text = fs.readFileSync(file, "utf8");
  const config = JSON.parse(text) as { include?: string[] };
  const include = config.include?.filter((p) => !p.startsWith(`${DIST_DIR}/`));
  if (!include || include.length === config.include?.length) return;
  fs.writeFileSync(file, `${JSON.stringify({ ...config, include }, null, 2)}\n`);
}

async function buildConsole(env: NodeJS.ProcessEnv): Promise<{ built: boolean; seconds: number; reason: string | null }> {
  const reason = values["reuse-build"] && fs.existsSync(path.join(root, DIST_DIR, "BUILD_ID")) ? null : consoleBuildReason(root, DIST_DIR);
  if (!reason) {
    say(`console build in ${DIST_DIR} reused.`);
    return { built: false, seconds: 0, reason };
  }
  say(`building the console into ${DIST_DIR}: ${reason} …`);
  const startedAt = Date.now();
  const child = startChild("console build", process.execPath, [NEXT_BIN, "build"], {
    cwd: root,
    env: { ...env, ARGUS_NEXT_DIST_DIR: DIST_DIR },
    capture: true,
  });
  undo.push({ what: "stop the console build", fn: () => stopChild(child, 5_000) });
  const exit = await child.exited;
  untouchTsconfig();
  if (exit.code !== 0) throw new Error(`next build failed (exit ${exit.code ?? exit.signal}):\n${child.output().slice(-4000)}`);
  // Date the build by when it started: a source saved during the build makes the next run rebuild.
  fs.utimesSync(path.join(root, DIST_DIR, "BUILD_ID"), new Date(startedAt), new Date(startedAt));
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  say(`console built in ${seconds} s.`);
  return { built: true, seconds, reason };
}

/** graph.ts as a child (PostgreSQL, its own database, removed at its end): its figures as JSON. */
async function runGraph(env: NodeJS.ProcessEnv): Promise<GraphFigures> {
  const file = path.join(os.tmpdir(), `argus-bench-graph-${process.pid}.json`);
  undo.push({ what: `remove ${file}`, fn: () => fs.rmSync(file, { force: true }) });
  const args = ["--import", "tsx", path.join(root, "server/bench/graph.ts"), "--json", file];
  args.push("--users", String(GRAPH_USERS), "--transactions", String(GRAPH_TRANSACTIONS));
  say(`the link graph: ${GRAPH_USERS.toLocaleString("en")} users, ${GRAPH_TRANSACTIONS.toLocaleString("en")} transactions on PostgreSQL …`);
  const child = startChild("graph bench", process.execPath, args, { cwd: root, env, prefix: "[graph]" });
  undo.push({ what: "stop the graph bench", fn: () => stopChild(child, 15_000) });
  const exit = await child.exited;
  if (exit.code !== 0) throw new Error(`graph.ts failed (exit ${exit.code ?? exit.signal})`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as GraphFigures;
}

// The build and the per-route table alone: a minute or two instead of the whole bench, for
// checking a change to what a route loads.
async function bundlesOnly(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-bench-console-"));
  undo.push({ what: `remove ${dataDir}`, fn: () => fs.rmSync(dataDir, { recursive: true, force: true }) });
  await buildConsole(baseEnv(dataDir));
  const bundles = measureBundles(path.join(root, DIST_DIR));
  console.log(`\n${bundlesTable(bundles)}\n`);
  const over = bundles.routes.filter((r) => r.gzip_bytes > BUNDLE_TARGET_BYTES);
  say(over.length === 0 ? "every route within 250 kB gzip." : `over 250 kB gzip: ${over.map((r) => r.route).join(", ")}`);
  return 0;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const load = os.loadavg();
  say(
    `${RUNS} runs, ${ALERTS} alerts, ${ACKS} acknowledgements; ${os.cpus().length} cores, Node ${process.version}, load average ${load.map((l) => l.toFixed(2)).join(" ")}`,
  );

  if (values["bundles-only"]) return bundlesOnly();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-bench-console-"));
  undo.push({ what: `remove ${dataDir}`, fn: () => fs.rmSync(dataDir, { recursive: true, force: true }) });
  const [apiPort, sandboxPort, consolePort] = [await freePort(HOST), await freePort(HOST), await freePort(HOST)];
  const apiUrl = `http://${HOST}:${apiPort}`;
  const sandboxUrl = `http://${HOST}:${sandboxPort}`;
  const consoleUrl = `http://${HOST}:${consolePort}`;
  const env = baseEnv(dataDir);
  const apiEnv = {
    ...env,
    ARGUS_HOST: HOST,
    ARGUS_API_PORT: String(apiPort),
    ARGUS_SANDBOX_API_PORT: String(sandboxPort),
    ARGUS_LOG_LEVEL: "warn",
    ARGUS_NO_DEMO: "1",
  };

  // The build runs beside the bootstrap and the seeding (nothing is measured until both are done).
  const build = buildConsole(env);
  build.catch(() => undefined);

  // 1. Bootstrap: the API's own first start writes the account, the admin and console.env.
  say(`data folder ${dataDir}; API ${apiUrl} / ${sandboxUrl}; console ${consoleUrl}`);
  let api = startApi(apiEnv, "bootstrap");
  await waitForHttp(`${apiUrl}/readyz`, { timeoutMs: 180_000, child: api, what: "the API (bootstrap)" });
  const consoleEnv = readEnvFile(path.join(dataDir, "console.env"));
  const credentials = readEnvFile(path.join(dataDir, "admin-credentials.txt"));
  const accountId = consoleEnv.ARGUS_CONSOLE_ACCOUNT_ID;
  const testKey = consoleEnv.ARGUS_CONSOLE_TEST_KEY;
  if (!accountId || !testKey || !credentials.email || !credentials.password)
    throw new Error("the bootstrap did not write console.env and admin-credentials.txt");
  await scoreSeedTransactions(sandboxUrl, testKey);
  await stopChild(api, 15_000);

  // 2. Seed in this process while nobody else holds the folder. Pre-production = "test".
  const scope = { accountId, environment: "test" as const };
  const seed: SeedSummary = await seedAlerts(dataDir, scope, ALERTS, say);
  say(
    `seeded ${seed.alerts_raised} alerts in ${seed.seconds} s; open in pre-production: ${seed.open_alerts_in_scope} ${JSON.stringify(seed.by_severity)}`,
  );

  await setReviewBands(dataDir, scope);

  // 3. The API again, the review items scored through it, then the console against it.
  api = startApi(apiEnv, "bench");
  await waitForHttp(`${apiUrl}/readyz`, { timeoutMs: 180_000, child: api, what: "the API" });
  const review_seed: ReviewSeedSummary = await scoreReviewItems(sandboxUrl, testKey, REVIEW_ITEMS, say);
  say(
    `scored ${review_seed.scored} review items in ${review_seed.seconds} s (${review_seed.scores_per_second}/s): ${JSON.stringify(review_seed.by_decision)}; filter user ${review_seed.filter_user} (${review_seed.filter_user_items} items)`,
  );
  const buildInfo = await build;
  const web = startChild("console", process.execPath, [NEXT_BIN, "start", "-p", String(consolePort), "-H", HOST], {
    cwd: root,
    env: { ...env, ARGUS_NEXT_DIST_DIR: DIST_DIR, PORT: String(consolePort), ARGUS_API_URL: apiUrl, ARGUS_SANDBOX_API_URL: sandboxUrl },
    prefix: "[console]",
  });
  undo.push({ what: "stop the console", fn: () => stopChild(web, 15_000) });
  await waitForHttp(`${consoleUrl}/sign-in`, { timeoutMs: 120_000, child: web, what: "the console" });

  // 4. The API alone (what the console's server render waits for), then the bundles, then the browser.
  const api_direct: ApiTimings = await apiTimings(sandboxUrl, testKey, RUNS);
  const review_api: ReviewApiTimings = await reviewApiTimings(sandboxUrl, testKey, review_seed.filter_user, 100);
  const bundles: BundleReport = measureBundles(path.join(root, DIST_DIR));
  const loadBeforeBrowser = os.loadavg();
  const resultsDir = path.join(root, "server", "bench", "results");
  fs.mkdirSync(resultsDir, { recursive: true });
  const probe = probeApi(sandboxUrl, testKey);
  undo.push({ what: "stop the API probe", fn: () => probe.stop() });
  const browser: BrowserResults = await runBrowser({
    baseUrl: consoleUrl,
    email: credentials.email,
    password: credentials.password,
    runs: RUNS,
    acknowledgements: ACKS,
    queuesOnly: QUEUES_ONLY,
    screenshotDir: resultsDir,
    log: say,
  });
  const review_browser: ReviewQueueResults = await runReviewQueue({
    baseUrl: consoleUrl,
    email: credentials.email,
    password: credentials.password,
    runs: RUNS,
    filterUser: review_seed.filter_user,
    screenshot: path.join(resultsDir, "console-review-queue.png"),
    log: say,
  });
  await probe.stop();
  const { stop: _stop, ...api_probe } = probe;
  if (api_probe.over_1s.length > 0)
    say(
      `the API answered slower than 1 s ${api_probe.over_1s.length} time(s) during the browser runs: ${JSON.stringify(api_probe.over_1s)}`,
    );

  // 5. The link graph on its own PostgreSQL store (graph.ts), once the console is idle.
  const graph = values["skip-graph"] || QUEUES_ONLY ? null : await runGraph(env);

  const output = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    options: {
      runs: RUNS,
      alerts: ALERTS,
      acknowledgements: QUEUES_ONLY ? 0 : ACKS,
      review_items: REVIEW_ITEMS,
      only: values.only ?? null,
    },
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      chromium: browser.chromium,
      load_average_at_start: load,
      load_average_before_browser: loadBeforeBrowser,
      load_average_at_end: os.loadavg(),
    },
    build: { dist_dir: DIST_DIR, ...buildInfo },
    seed,
    review_seed,
    api_direct,
    review_api,
    review_browser,
    graph,
    api_probe_during_browser: api_probe,
    bundles,
    browser,
  };
  const file = path.join(resultsDir, `console-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\n${markdownReport(output)}\n`);
  say(`wrote ${path.relative(process.cwd(), file)}`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`bench:console: ${(err as Error).stack ?? err}`);
} finally {
  await cleanup();
}
process.exit(code);
