// Alert clusters on a busy queue: GET /v1/alert-clusters with N open alerts, timed in turns with
// GET /healthz of the same server (server/bench/README.md, "Alert clusters").
//
//   node --import tsx server/bench/alert-clusters.ts [--alerts 1000] [--rounds 15]
//        [--postgres postgres://postgres@127.0.0.1:5432/test] [--json FILE]
//
// The API runs in this process (both listeners, as the HTTP tests start it) over a fresh database:
// PGlite in memory by default, a new database of that PostgreSQL server with --postgres. The alerts
// are raised through the domain (`raiseAlerts`, as detection raises them) over stored transactions
// shaped like detection's patterns: card testing from one client address (many cards), a user's
// velocity spike, a new device shared by several users, an identity ring (key not an entity), and
// one alert in 50 on a busy carrier address with more members than the per-alert read cap. About a
// third of the alerts sit in rings of 2–8 that share a card, device or client address; one
// transaction in ten comes through a private address every alert shares (it must join nothing).
// Every round sends one clusters request, then one /healthz; the figures are their medians. The
// answer's digest (alert ids replaced by their keys) is printed so two builds can be compared on the
// same seed.

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

const { values } = parseArgs({
  options: {
    alerts: { type: "string", default: "1000" },
    rounds: { type: "string", default: "15" },
    postgres: { type: "string" },
    json: { type: "string" },
  },
});
if (values.postgres) process.env.TEST_DATABASE_URL = values.postgres;
const ALERTS = Number(values.alerts);
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ALERTS) || ALERTS < 1 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("alert-clusters: --alerts and --rounds take positive integers");
  process.exit(2);
}

// Imported after TEST_DATABASE_URL is set: the harness picks the database from it.
const { startTestApi, bearer } = await import("../test/harness");
const { raiseAlerts } = await import("../domain/alerts/raise");
const { arrayText } = await import("../db/array-text");
const { percentile } = await import("./open-loop");
type RaiseAlertInput = import("../domain/alerts/raise").RaiseAlertInput;

/** mulberry32: the same store on every run, so two builds answer the same question. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(32);
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

type Txn = { id: string; user: string; card: string; ip: string; device: string };
const txns: Txn[] = [];
let serial = 0;
const card = () => `${between(400000, 499999)}:${String(between(0, 9999)).padStart(4, "0")}`;
const clientIp = () => `8.${between(0, 255)}.${between(0, 255)}.${between(1, 254)}`;
/** A user's own card, address and device; one payment in ten through the merchant's private proxy. */
function pay(user: string, over: Partial<Txn> = {}): string {
  const n = ++serial;
  const t: Txn = {
    id: `txn_clb${String(n).padStart(9, "0")}`,
    user,
    card: over.card ?? `4${String(n % 100000).padStart(5, "0")}:${String(n % 10000).padStart(4, "0")}`,
    ip: over.ip ?? (rand() < 0.1 ? "10.0.0.8" : `9.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`),
    device: over.device ?? `dev_${user}`,
  };
  txns.push(t);
  return t.id;
}

// Rings: alerts that share one entity (a card, a device or a client address) through a member.
const ringOf: number[] = [];
for (let i = 0, ring = 0; i < ALERTS; ring++) {
  const size = rand() < 0.6 ? 1 : between(2, 8);
  for (let k = 0; k < size && i < ALERTS; k++, i++) ringOf.push(ring);
}
const ringEntity = new Map<number, Partial<Txn>>();
const ringShare = (ring: number): Partial<Txn> => {
  let e = ringEntity.get(ring);
  if (!e) {
    const pick = ring % 3;
    e = pick === 0 ? { card: card() } : pick === 1 ? { device: `dev_ring${ring}` } : { ip: clientIp() };
    ringEntity.set(ring, e);
  }
  return e;
};

const hits: RaiseAlertInput[] = [];
for (let i = 0; i < ALERTS; i++) {
  const u = (k: number) => `u_${i}_${k}`;
  const users: string[] = [];
  const ids: string[] = [];
  let type: RaiseAlertInput["type"];
  let key: string;
  if (i % 50 === 49) {
    // A busy carrier address: more users and transactions than one request reads per alert.
    type = "card_testing";
    key = `ip:100.${i >> 8}.${i & 255}.9`; // CGNAT: the key itself joins nothing
    for (let k = 0; k < 1_200; k++) users.push(u(k));
    for (let k = 0; k < 1_500; k++) ids.push(pay(users[k % users.length]!, { card: card() }));
  } else if (i % 20 < 8) {
    type = "card_testing";
    key = `ip:${clientIp()}`;
    const ip = key.slice(3);
    const device = `dev_ct${i}`;
    for (let k = between(1, 3); k > 0; k--) users.push(u(k));
    for (let k = between(10, 40); k > 0; k--) ids.push(pay(users[k % users.length]!, { card: card(), ip, device }));
  } else if (i % 20 < 13) {
    type = "velocity_spike";
    key = `user:${u(0)}`;
    users.push(u(0));
    const own = { card: card(), ip: clientIp() };
    for (let k = between(20, 60); k > 0; k--) ids.push(pay(u(0), own));
  } else if (i % 20 < 17) {
    type = "new_device_cluster";
    key = `device:dev_ndc${i}`;
    for (let k = between(5, 15); k > 0; k--) {
      users.push(u(k));
      for (let j = between(1, 3); j > 0; j--) ids.push(pay(u(k), { device: key.slice(7) }));
    }
  } else {
    // An identity ring: its key (a document) is no entity; its users' payments are.
    type = "identity_abuse";
    key = `document:doc_${i}`;
    for (let k = between(3, 5); k > 0; k--) {
      users.push(u(k));
      ids.push(pay(u(k)));
    }
  }
  const ring = ringOf[i]!;
  const ringSize = ringOf.filter((r) => r === ring).length;
  if (ringSize > 1) ids.push(pay(users[0]!, ringShare(ring)));
  hits.push({ type, key, confidence: 0.3 + rand() * 0.7, userIds: users, transactionIds: ids, summary: `bench alert ${i}` });
}

const api = await startTestApi();
const db = api.deps.database.db;
const k = await api.key({ account: "cluster-bench" });
await api.limit("cluster-bench", 10_000_000);
const scope = { accountId: k.accountId, environment: "live" as const };

const t0 = performance.now();
for (let i = 0; i < txns.length; i += 5_000) {
  const part = txns.slice(i, i + 5_000);
  const col = (f: (t: Txn) => string) => arrayText(part.map(f));
  await db.execute(sql`insert into transactions (id, account_id, environment, user_id, amount, currency, payment_method_type,
      card_bin, card_last_four, card_key, ip_address, device_id, risk_score, decision, signals, model_version, latency_ms)
    select x.id, ${scope.accountId}, ${scope.environment}, x.u, 1000, 'USD', 'card', split_part(x.c, ':', 1), split_part(x.c, ':', 2), x.c,
      x.ip, x.d, 20, 'allow', '[]'::jsonb, 'bench', 1
    from unnest(${col((t) => t.id)}::text[], ${col((t) => t.user)}::text[], ${col((t) => t.card)}::text[], ${col((t) => t.ip)}::text[],
      ${col((t) => t.device)}::text[]) as x(id, u, c, ip, d)`);
}
for (let i = 0; i < hits.length; i += 50) await raiseAlerts(db, api.deps.jobs, scope, hits.slice(i, i + 50));
// As the upkeep (pglite-maintenance.ts) or autovacuum leaves tables after this many inserts.
for (const table of ["transactions", "alerts", "alert_users", "alert_transactions"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
const seedS = (performance.now() - t0) / 1000;
const members = hits.reduce((n, h) => n + h.transactionIds.length, 0);
const backend = values.postgres ? "PostgreSQL" : "PGlite";
console.log(`Alert clusters on ${backend}: ${ALERTS} open alerts, ${members} member transactions, seeded in ${seedS.toFixed(1)} s`);

const keyOf = new Map<string, string>();
async function timed(path: string, auth: boolean): Promise<{ ms: number; body: string }> {
  const t = performance.now();
  const res = await fetch(`${api.url.live}${path}`, { headers: auth ? bearer(k.key) : {} });
  const body = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

type Cluster = { alert_ids: string[]; alerts: { alert_id: string; key: string }[]; shared: { id: string; alert_ids: string[] }[] };
type Page = { data: Cluster[]; truncated: boolean; has_more: boolean };
/** The answer with alert ids replaced by their keys: equal across builds on the same seed. */
function digest(page: Page): string {
  for (const c of page.data) for (const a of c.alerts) keyOf.set(a.alert_id, a.key);
  const canon = page.data.map((c) => ({
    ...c,
    alerts: undefined,
    cluster_id: undefined,
    alert_ids: c.alert_ids.map((id) => keyOf.get(id)),
    shared: c.shared.map((s) => ({ ...s, alert_ids: s.alert_ids.map((id) => keyOf.get(id)) })),
  }));
  return crypto
    .createHash("sha256")
    .update(JSON.stringify({ ...page, data: canon }))
    .digest("hex")
    .slice(0, 16);
}

const path = "/v1/alert-clusters?limit=100";
for (let w = 0; w < 2; w++) await timed(path, true);
const clustersMs: number[] = [];
const healthMs: number[] = [];
let last: Page | undefined;
for (let r = 0; r < ROUNDS; r++) {
  const c = await timed(path, true);
  clustersMs.push(c.ms);
  last = JSON.parse(c.body) as Page;
  healthMs.push((await timed("/healthz", false)).ms);
}
const sorted = (xs: number[]) => Float64Array.from(xs).sort();
const cs = sorted(clustersMs);
const hs = sorted(healthMs);
const round = (ms: number) => Math.round(ms * 10) / 10;
const result = {
  backend,
  alerts: ALERTS,
  member_transactions: members,
  rounds: ROUNDS,
  clusters_ms: { p50: round(percentile(cs, 50)), p90: round(percentile(cs, 90)), max: round(cs[cs.length - 1]!) },
  healthz_ms: { p50: round(percentile(hs, 50)), p90: round(percentile(hs, 90)), max: round(hs[hs.length - 1]!) },
  ratio_p50: Math.round(percentile(cs, 50) / percentile(hs, 50)),
  load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
  answer: {
    clusters: last!.data.length,
    has_more: last!.has_more,
    truncated: last!.truncated,
    largest: Math.max(...last!.data.map((c) => c.alert_ids.length)),
    truncated_clusters: last!.data.filter((c) => (c as unknown as { truncated: boolean }).truncated).length,
    digest: digest(last!),
  },
};
console.log(
  `  clusters p50 ${result.clusters_ms.p50} ms (p90 ${result.clusters_ms.p90}, max ${result.clusters_ms.max}); ` +
    `/healthz p50 ${result.healthz_ms.p50} ms; ratio ${result.ratio_p50}; load ${result.load_average.join(" ")}`,
);
console.log(`  answer: ${JSON.stringify(result.answer)}`);
console.log(`ALERT_CLUSTERS_BENCH_JSON ${JSON.stringify(result)}`);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(result, null, 2));
await api.close();
