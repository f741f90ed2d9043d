// The link graph and the review queue on a large store: GET /v1/graph at depth 2 and GET
// /v1/transactions?review=pending on 100,000 users and 1,000,000 live transactions, beside /healthz
// of the same server in the same run (server/bench/README.md, "Link graph and review queue").
//
//   node --import tsx server/bench/graph.ts [--users 100000] [--transactions 1000000] [--seconds 15] [--concurrency 4] [--json FILE]
//
// `npm run bench:console` runs it (unless --skip-graph) with --json and reports its figures.
//
// PostgreSQL only (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres): the store
// is written with one INSERT … SELECT while the API runs, which the embedded database (one process
// per folder) does not allow. Everything is removed at the end, also on failure or Ctrl+C.

import fs from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { cleanup, startBenchApi } from "./api-process";
import { percentile } from "./open-loop";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "100000" },
    transactions: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "15" },
    concurrency: { type: "string", default: "4" },
    json: { type: "string" },
  },
});
const USERS = Number(values.users);
const TRANSACTIONS = Number(values.transactions);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The store: every user has TRANSACTIONS / USERS live transactions. Four users share each device,
 * two each card, three each client IP (rings of the kind the graph is for), and one transaction in
 * 20 comes from one busy address (a NAT or a card-testing proxy: tens of thousands of rows, which
 * the graph reads only the latest 1,000 of). One transaction in 100 is challenged or blocked and
 * waits for review: the queue holds TRANSACTIONS / 100 items.
 */
function seedSql(accountId: string): { text: string; values: unknown[] } {
  return {
    text: `insert into transactions (id, account_id, environment, user_id, amount, currency, payment_method_type, card_bin, card_last_four, card_key,
             email, ip_address, device_id, risk_score, decision, signals, model_version, latency_ms, created_at)
           select 'txn_bench' || lpad(j::text, 9, '0'), $1, 'live', 'u' || u, 1000 + j % 50000, 'USD', 'card', bin, last4, bin || ':' || last4,
             'u' || u || '@example.com',
             case when j % 20 = 0 then '203.0.113.50' else '8.' || ((u / 3) / 256 % 256) || '.' || ((u / 3) % 256) end,
             'dev_' || lpad((u / 4)::text, 16, '0'),
             case when j % 100 = 0 then 40 + (j / 100) % 60 else j % 40 end,
             case when j % 300 = 0 then 'block' when j % 100 = 0 then 'challenge' else 'allow' end,
             '[]'::jsonb, 'bench', 1, now() - make_interval(secs => j)
           from (select j, (j::bigint * 7919) % $2 as u from generate_series(1, $3::int) j) s,
           lateral (select (400000 + (u / 2) % 90000)::text as bin, lpad(((u / 2) / 90000)::text, 4, '0') as last4) c`,
    values: [accountId, USERS, TRANSACTIONS],
  };
}

type Timing = { requests: number; perSecond: number; p50: number; p99: number; errors: number };

/** Closed loop: CONCURRENCY requests in flight for SECONDS, each path from `next()`. */
async function measure(base: string, key: string, next: () => string): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(`${base}${next()}`, { headers: { authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status !== 200) errors++;
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return { requests: sorted.length, perSecond: sorted.length / SECONDS, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors };
}

const fmt = (t: Timing) =>
  `p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms, ${t.perSecond.toFixed(0)} req/s (${t.requests} requests, ${t.errors} not 200)`;

async function main() {
  const api = await startBenchApi("postgres", { postgresAdminUrl: POSTGRES });
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ account_id: string }>("select account_id from api_keys where id = $1", [api.liveKeyId]);
    const accountId = rows[0]!.account_id;
    let t = Date.now();
    await client.query(seedSql(accountId));
    await client.query("analyze transactions");
    const seedSeconds = (Date.now() - t) / 1000;
    process.stdout.write(
      `seeded ${TRANSACTIONS.toLocaleString("en")} transactions of ${USERS.toLocaleString("en")} users in ${((Date.now() - t) / 1000).toFixed(0)} s\n`,
    );
    const plan = await client.query(
      `explain select * from transactions where account_id = $1 and environment = 'live' and decision in ('challenge', 'block') and reviewed_decision is null order by created_at, id limit 21`,
      [accountId],
    );
    process.stdout.write(`review queue plan: ${plan.rows.map((r: Record<string, string>) => Object.values(r)[0]).join(" / ")}\n`);

    const healthz = await autocannon({ url: `${api.url}/healthz`, connections: 50, duration: 10 });
    process.stdout.write(`/healthz: ${healthz.requests.average.toFixed(0)} req/s (autocannon, 50 connections, 10 s)\n`);
    // The yardstick in the same closed loop as the routes below: their ratio to it moves less with
    // the machine's load than their absolute times.
    const healthzLoop = await measure(api.url, api.liveKey, () => "/healthz");
    let i = 0;
    const user = () => `u${(Math.imul(++i, 2654435761) >>> 0) % USERS}`;
    t = Date.now();
    await measure(api.url, api.liveKey, () => `/v1/graph?user_id=${user()}`); // warm-up
    const graph = await measure(api.url, api.liveKey, () => `/v1/graph?user_id=${user()}`);
    const sample = (await (
      await fetch(`${api.url}/v1/graph?user_id=u42`, { headers: { authorization: `Bearer ${api.liveKey}` } })
    ).json()) as {
      nodes: unknown[];
      edges: unknown[];
      truncated: boolean;
    };
    const depth1 = await measure(api.url, api.liveKey, () => `/v1/graph?user_id=${user()}&depth=1`);
    const queue = await measure(api.url, api.liveKey, () => "/v1/transactions?review=pending&order=asc");
    const filtered = await measure(api.url, api.liveKey, () => "/v1/transactions?review=pending&order=asc&min_score=80");
    const profile = await measure(api.url, api.liveKey, () => `/v1/users/${user()}`);
    process.stdout.write(
      [
        `GET /v1/graph depth 2: ${fmt(graph)}  (u42: ${sample.nodes.length} nodes, ${sample.edges.length} edges, truncated ${sample.truncated})`,
        `GET /v1/graph depth 1: ${fmt(depth1)}`,
        `GET /v1/transactions?review=pending&order=asc (${(TRANSACTIONS / 100).toLocaleString("en")} pending): ${fmt(queue)}`,
        `  … &min_score=80: ${fmt(filtered)}`,
        `GET /v1/users/{id}: ${fmt(profile)}`,
        `/healthz in the same loop: ${fmt(healthzLoop)}; graph depth 2 p99 ÷ /healthz p99: ${(graph.p99 / healthzLoop.p99).toFixed(1)}`,
        `(concurrency ${CONCURRENCY}, ${SECONDS} s each, ${((Date.now() - t) / 1000).toFixed(0)} s in all)`,
      ].join("\n") + "\n",
    );
    if (values.json) {
      const figures = { graph, depth1, queue, filtered, profile, healthz_loop: healthzLoop };
      const out = {
        users: USERS,
        transactions: TRANSACTIONS,
        pending: TRANSACTIONS / 100,
        seconds: SECONDS,
        concurrency: CONCURRENCY,
        seed_seconds: Math.round(seedSeconds),
        healthz_autocannon_rps: Math.round(healthz.requests.average),
        sample: { nodes: sample.nodes.length, edges: sample.edges.length, truncated: sample.truncated },
        ...figures,
      };
      fs.writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
    }
  } finally {
    await client.end();
    await api.stop();
    await cleanup();
  }
}

process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
main().catch(async (err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  await cleanup();
  process.exit(1);
});
