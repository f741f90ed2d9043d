// Detection engine benchmark: request → alert latency and evaluation throughput.
//
//   node --import tsx server/bench/detection.ts [--trials 30] [--rate 1500] [--seconds 10]
//        [--backlog 30000] [--background 50] [--postgres postgres://postgres@127.0.0.1:5432/test]
//
// 1. Latency: a real API (both listeners) with its job runner, optionally under `--background`
//    ordinary requests per second. Each trial sends nine card attempts from a fresh IP, waits
//    until they are evaluated, then times the tenth request (the one that completes the
//    card-testing pattern) from send to the alert row being visible. Median, p90, p99, max.
// 2. Sustained rate: live scores written at `--rate` per second for `--seconds` (rows inserted
//    as the scoring pipeline writes them: batches, each with its enqueueDetection call in the
//    same transaction), the job runner evaluating as they come. Reports the evaluation lag
//    (oldest pending write) during the run and the drain time after it.
// 3. Drain throughput: `--backlog` pending writes evaluated as fast as the engine can.
//
// PGlite in memory by default; --postgres runs on a fresh database of that server instead.
// Latency requests go through the test harness's API (server/test/harness.ts); the write paths
// enqueue their detection themselves, in the write's own transaction.

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

const { values } = parseArgs({
  options: {
    trials: { type: "string", default: "30" },
    rate: { type: "string", default: "1500" },
    seconds: { type: "string", default: "10" },
    backlog: { type: "string", default: "30000" },
    background: { type: "string", default: "0" },
    postgres: { type: "string" },
  },
});
if (values.postgres) process.env.TEST_DATABASE_URL = values.postgres;

// Imported after TEST_DATABASE_URL is set: the harness picks the database from it.
const { startTestApi } = await import("../test/harness");
const { rows } = await import("../db/client");
const { transactions } = await import("../db/schema");
const { newId } = await import("../core/ids");
const { JobRunner } = await import("../jobs/runner");
const { jobHandlers } = await import("../job-handlers");
const { createRng } = await import("../cli/demo-stream/rng");
const { card, person, publicIp, BINS } = await import("../cli/demo-stream/people");
const { scoreBody } = await import("../cli/demo-stream/ordinary");
const { harness } = await import("../test/detection-support");
const { drainInbox } = await import("../domain/detection/evaluate");
const { enqueueDetection } = await import("../domain/detection/trigger");

const int = (v: string | undefined) => Number.parseInt(v ?? "0", 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const api = await startTestApi();
const db = api.deps.database.db;
const runner = new JobRunner(db, api.deps.jobs, jobHandlers(api.deps), api.deps.logger);
await runner.start();
const rng = createRng(2026);
const backend = values.postgres ? "PostgreSQL" : "PGlite";

const pendingFor = async (accountId: string) =>
  Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from detection_inbox where account_id = ${accountId}`))[0]?.n);
const oldestPendingMs = async (accountId: string) => {
  const [r] = await rows<{ age: number | null }>(
    db,
    sql`select (extract(epoch from now() - min(created_at)) * 1000)::float8 as age from detection_inbox where account_id = ${accountId}`,
  );
  return r?.age === null || r?.age === undefined ? 0 : Number(r.age);
};

async function latency(): Promise<void> {
  const h = await harness(api, "bench-latency");
  let stop = false;
  const background = int(values.background);
  const load = (async () => {
    while (!stop && background > 0) {
      const started = Date.now();
      await Promise.all(
        Array.from({ length: Math.max(1, Math.round(background / 10)) }, () =>
          h.client.post(
            "/v1/transactions/score",
            scoreBody({ ...person(rng, `bg_${rng.digits(9)}`), currency: "USD" }, 3000, card(rng), { ip: publicIp(rng) }),
          ),
        ),
      );
      await sleep(Math.max(0, 100 - (Date.now() - started)));
    }
  })();
  const samples: number[] = [];
  for (let t = 0; t < int(values.trials); t++) {
    const ip = publicIp(rng);
    const p = { ...person(rng, `lat_${t}`), currency: "USD" };
    for (let i = 0; i < 9; i++) await h.client.post("/v1/transactions/score", scoreBody(p, 300, card(rng), { ip }));
    while ((await pendingFor(h.scope.accountId)) > 0) await sleep(5);
    const started = performance.now();
    await h.client.post("/v1/transactions/score", scoreBody(p, 300, card(rng), { ip }));
    for (;;) {
      const [found] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from alerts where account_id = ${h.scope.accountId} and key = ${`ip:${ip}`} and alert_type = 'card_testing'`,
      );
      if (Number(found?.n) > 0) break;
      if (performance.now() - started > 30_000) throw new Error("no alert within 30 s");
      await sleep(2);
    }
    samples.push(performance.now() - started);
  }
  stop = true;
  await load;
  samples.sort((a, b) => a - b);
  const f = (x: number) => `${Math.round(x)} ms`;
  console.log(
    `latency (${backend}, ${samples.length} trials, background ${background}/s): request → alert median ${f(pct(samples, 50))}, ` +
      `p90 ${f(pct(samples, 90))}, p99 ${f(pct(samples, 99))}, max ${f(samples[samples.length - 1] ?? NaN)}`,
  );
}

/** A live score row as the pipeline writes it: many users, cards, IPs, devices; some repeats. */
function scoreRow(scope: { accountId: string; environment: "live" | "test" }, i: number, at: Date) {
  const user = `u${rng.int(0, 200_000)}`;
  const last = rng.digits(4);
  const bin = rng.pick(BINS);
  return {
    id: newId("txn"),
    ...scope,
    userId: user,
    amount: rng.amount(4500, 0.6, 200, 100_000),
    currency: "USD",
    paymentMethodType: "card",
    cardBin: bin,
    cardLastFour: last,
    cardKey: `${bin}:${last}`,
    ipAddress: publicIp(rng),
    deviceId: i % 3 === 0 ? `dev_${rng.digits(12)}` : null,
    riskScore: 10,
    decision: "allow" as const,
    signals: [],
    modelVersion: "bench",
    latencyMs: 1,
    createdAt: at,
  };
}

async function write(scope: { accountId: string; environment: "live" | "test" }, count: number, offset: number) {
  const now = new Date();
  const batch = Array.from({ length: count }, (_, k) => scoreRow(scope, offset + k, now));
  await db.transaction(async (tx) => {
    await tx.insert(transactions).values(batch);
    await enqueueDetection(
      tx as never,
      api.deps.jobs,
      scope,
      "transaction",
      batch.map((b) => b.id),
    );
  });
}

async function sustained(): Promise<void> {
  const h = await harness(api, "bench-rate");
  const rate = int(values.rate);
  const seconds = int(values.seconds);
  const tickMs = 50;
  const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
  const lags: number[] = [];
  const started = performance.now();
  let written = 0;
  let lateTicks = 0;
  for (let tick = 0; performance.now() - started < seconds * 1000; tick++) {
    const due = started + tick * tickMs;
    if (performance.now() > due + tickMs) lateTicks++;
    await write(h.scope, perTick, written);
    written += perTick;
    if (tick % 10 === 0) lags.push(await oldestPendingMs(h.scope.accountId));
    await sleep(Math.max(0, due + tickMs - performance.now()));
  }
  const writeSeconds = (performance.now() - started) / 1000;
  const endWrite = performance.now();
  while ((await pendingFor(h.scope.accountId)) > 0) await sleep(10);
  const drainMs = performance.now() - endWrite;
  lags.sort((a, b) => a - b);
  console.log(
    `sustained (${backend}): ${written} scores written in ${writeSeconds.toFixed(1)} s = ${Math.round(written / writeSeconds)}/s ` +
      `(target ${rate}/s${lateTicks ? `, writer fell behind on ${lateTicks} ticks` : ""}); oldest pending write during the run: ` +
      `median ${Math.round(pct(lags, 50))} ms, max ${Math.round(lags[lags.length - 1] ?? 0)} ms; drained ${Math.round(drainMs)} ms after the last write`,
  );
}

async function drain(): Promise<void> {
  await runner.stop(); // measure the engine alone
  const h = await harness(api, "bench-drain");
  const total = int(values.backlog);
  for (let i = 0; i < total; i += 1000) await write(h.scope, Math.min(1000, total - i), i);
  const started = performance.now();
  const r = await drainInbox(db, api.deps.jobs, h.scope);
  const s = (performance.now() - started) / 1000;
  console.log(
    `drain (${backend}): ${r.processed} pending writes evaluated in ${s.toFixed(2)} s = ${Math.round(r.processed / s)}/s (one evaluator)`,
  );
}

try {
  await latency();
  await sustained();
  await drain();
} finally {
  await runner.stop();
  await api.close();
}
