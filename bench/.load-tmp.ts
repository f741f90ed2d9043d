import autocannon from "autocannon";
import { cleanup, startBenchApi } from "/work/main/bench/api-process";
import { scorePayload, idempotencyKey } from "/work/main/bench/payloads";
const backend = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const dur = Number(process.argv[3] ?? 10);
const rate = process.argv[4] ? Number(process.argv[4]) : undefined;
const target = process.argv[5] ?? "score";
const api = await startBenchApi(backend, { postgresAdminUrl: "postgres://postgres@127.0.0.1:5432/postgres" });
try {
  const isB = target === "analyze";
  const headers: Record<string, string> = { "content-type": "application/json", ...(isB ? { "x-api-key": api.liveKey } : { authorization: `Bearer ${api.liveKey}` }) };
  const path = isB ? "/api/v1/transactions/analyze" : "/v1/transactions/score";
  const run = (d: number) => autocannon({ url: api.url, connections: 50, duration: d, ...(rate ? { overallRate: rate } : {}), requests: [{ method: "POST", path, headers, setupRequest: (r) => ({ ...r, body: JSON.stringify(scorePayload()), headers: isB ? { ...headers, "x-idempotency-key": idempotencyKey() } : headers }) }] });
  await run(3);
  const r = await run(dur);
  console.log(JSON.stringify({ backend, target, rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, non2xx: r.non2xx, errors: r.errors, codes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([c, v]) => [c, v.count])) }));
} finally { await cleanup(); }
process.exit(0);
