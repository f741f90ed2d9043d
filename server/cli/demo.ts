// `npm run demo`: replays a realistic mixed stream through the real HTTP API of a running Argus —
// ordinary customers, a card-testing burst, an account-takeover wave, a synthetic-identity ring,
// a checkout bot, a sanctioned name, a PEP possible match, pending KYC — then opens cases for
// some of the alerts the detection engine raised, as a team would. Nothing is inserted directly:
// alerts, cases and screenings come from the API and the engine.
//
//   node --import tsx server/cli/demo.ts [--env test|live] [--api-url URL] [--key KEY]
//        [--account NAME] [--customers N] [--concurrency N] [--seed N] [--tag TEXT] [--keep-limits]
//
// Defaults: pre-production (`test`), the key from ARGUS_DATA_DIR/console.env
// (ARGUS_CONSOLE_TEST_KEY / ARGUS_CONSOLE_LIVE_KEY), the API at ARGUS_SANDBOX_API_URL /
// ARGUS_API_URL (or 127.0.0.1:4001 / :4000), account `demo` (ARGUS_CONSOLE_ACCOUNT). Test keys
// allow 100 requests a minute, so the demo first raises the account's limits with the operator
// command (`keys limits`), unless --keep-limits. User ids carry a run tag: running it twice adds
// a second, independent stream.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DemoClient, runFlows, type ResponseHook } from "./demo-stream/client";
import { openCases, waitForAlerts } from "./demo-stream/cases";
import { createRng, hash32 } from "./demo-stream/rng";
import { demoStream, EXPECTED_ALERTS } from "./demo-stream/stream";

export type DemoOptions = {
  baseUrl: string;
  key: string;
  log?: (line: string) => void;
  customers?: number;
  concurrency?: number;
  seed?: number;
  /** Makes the user ids of this run unique; default: the time, in base 36. */
  tag?: string;
  /** How long to wait for the engine's alerts after the stream (default 15 s). */
  alertWaitMs?: number;
  /**
   * The analyst who works the demo cases (opens, notes, takes one into review). Without one the
   * cases are opened by the API key and nobody is assigned: no made-up analyst ids.
   */
  actorId?: string;
  /** Called with every response (tests). */
  onResponse?: ResponseHook;
};

export type DemoSummary = {
  tag: string;
  seconds: number;
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  alerts: Record<string, number>;
  screenings: Record<string, number>;
  cases: string[];
  flowErrors: number;
};

const count = <K extends string | number>(m: Map<K, number>) =>
  Object.fromEntries([...m.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));

/** Replays the demo stream against a running API (also called in-process by the first start). */
export async function runDemo(o: DemoOptions): Promise<DemoSummary> {
  const log = o.log ?? (() => {});
  const tag = o.tag ?? Date.now().toString(36);
  const seed = o.seed ?? 42;
  const started = Date.now();
  const api = new DemoClient(o.baseUrl.replace(/\/$/, ""), o.key, { onResponse: o.onResponse });
  const flows = demoStream(createRng((seed ^ hash32(tag)) >>> 0), tag, { customers: o.customers ?? 220 });
  log(`demo: replaying ${flows.length} flows (run ${tag}, seed ${seed}) through ${o.baseUrl} …`);
  let flowErrors = 0;
  await runFlows(api, flows, o.concurrency ?? 8, (err) => {
    flowErrors++;
    log(`demo: a flow failed: ${(err as Error).message}`);
  });
  log(`demo: ${api.requests} requests sent in ${((Date.now() - started) / 1000).toFixed(1)} s; waiting for the detection engine …`);

  const alerts = await waitForAlerts(api, EXPECTED_ALERTS, o.alertWaitMs ?? 15_000);
  const cases = await openCases(api, alerts, ["card_testing", "ato_pattern", "identity_abuse"], o.actorId);
  const byType = new Map<string, number>();
  for (const a of alerts) byType.set(a.alert_type, (byType.get(a.alert_type) ?? 0) + 1);
  const screenings = new Map<string, number>();
  // This run's: screened since it started (newest first; timestamps are to the second).
  const since = Math.floor(started / 1000) * 1000;
  for (let page = 0, after = ""; page < 10; page++) {
    const listed = await api.get(`/v1/identity/screenings?limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    if (listed.status !== 200) break;
    const data = listed.body.data as { status: string; screened_at: string }[];
    const mine = data.filter((s) => Date.parse(s.screened_at) >= since);
    for (const s of mine) screenings.set(s.status, (screenings.get(s.status) ?? 0) + 1);
    if (mine.length < data.length || !listed.body.has_more) break;
    after = listed.body.next_cursor as string;
  }
  return {
    tag,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    requests: api.requests,
    byStatus: count(api.byStatus),
    byRoute: count(api.byRoute),
    alerts: count(byType),
    screenings: count(screenings),
    cases,
    flowErrors,
  };
}

function readConsoleEnv(dataDir: string): Record<string, string> {
  const file = path.join(dataDir, "console.env");
  if (!fs.existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      env: { type: "string", default: "test" },
      "api-url": { type: "string" },
      key: { type: "string" },
      account: { type: "string" },
      customers: { type: "string" },
      concurrency: { type: "string" },
      seed: { type: "string" },
      tag: { type: "string" },
      "keep-limits": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  const fail = (msg: string): never => {
    process.stderr.write(`demo: ${msg}\n`);
    process.exit(2);
  };
  const env = values.env === "live" ? "live" : values.env === "test" ? "test" : fail("--env must be test or live");
  const consoleEnv = readConsoleEnv(path.resolve(process.env.ARGUS_DATA_DIR?.trim() || ".data"));
  const key =
    values.key ??
    (env === "test" ? consoleEnv.ARGUS_CONSOLE_TEST_KEY : consoleEnv.ARGUS_CONSOLE_LIVE_KEY) ??
    fail("no key: pass --key or start the API once to write console.env");
  const host = process.env.ARGUS_HOST?.trim() || "127.0.0.1";
  const baseUrl =
    values["api-url"] ??
    (env === "test"
      ? (process.env.ARGUS_SANDBOX_API_URL ?? `http://${host}:${process.env.ARGUS_SANDBOX_API_PORT ?? 4001}`)
      : (process.env.ARGUS_API_URL ?? `http://${host}:${process.env.ARGUS_API_PORT ?? 4000}`));
  const int = (v: string | undefined, name: string) =>
    v === undefined ? undefined : Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fail(`--${name} must be a positive integer`);

  try {
    await fetch(`${baseUrl}/healthz`);
  } catch {
    fail(`the API does not answer at ${baseUrl} (start it with npm start or npm run api)`);
  }
  if (!values["keep-limits"]) {
    // Test keys allow 100 requests a minute; the stream needs more. Only the operator can raise it.
    const { runAdmin } = await import("./run-admin");
    const account = values.account ?? process.env.ARGUS_CONSOLE_ACCOUNT ?? "demo";
    await runAdmin("keys.limits", { account, perMinute: 100_000 });
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const summary = await runDemo({
    baseUrl,
    key,
    log,
    customers: int(values.customers, "customers"),
    concurrency: int(values.concurrency, "concurrency"),
    seed: int(values.seed, "seed"),
    tag: values.tag,
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  const kv = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ") || "none";
  process.stdout.write(
    [
      `Demo run ${summary.tag}: ${summary.requests} requests in ${summary.seconds} s (${env}, ${baseUrl})`,
      `  responses by status: ${kv(summary.byStatus)}`,
      `  open alerts by type: ${kv(summary.alerts)}`,
      `  screenings of this run: ${kv(summary.screenings)}`,
      `  cases opened: ${summary.cases.length ? summary.cases.join(", ") : "none"}`,
      ...(summary.flowErrors ? [`  flows that failed: ${summary.flowErrors}`] : []),
      "",
    ].join("\n"),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
