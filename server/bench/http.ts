import autocannon, { type Request, type Result } from "autocannon";
import type { BenchApi } from "./api-process";
import { openLoop, percentile, type Timeline } from "./open-loop";
import { measureCpu, type CpuUse } from "./thread-cpu";
import { idempotencyKey, scorePayload } from "./payloads";

// HTTP throughput and latency of one API process, measured from this process: autocannon for
// throughput (closed loop: every connection sends as fast as answers come), our open-loop
// generator (open-loop.ts) for latency at a fixed offered rate.

export type Auth = "none" | "api_key" | "x_api_key" | "console_jwt";

export type Target = {
  name: string;
  /** What the number means, for the report. */
  description: string;
  method: "GET" | "POST";
  path: string;
  auth: Auth;
  /** JSON body of a POST; a function is called for every request (fresh ids, varied amounts). */
  body?: unknown | (() => unknown);
  /** The status every request should get; anything else counts as a bad response. */
  expect: number;
  /** Headers that must differ per request (Surface B's X-Idempotency-Key), merged over the others. */
  perRequestHeaders?: () => Record<string, string>;
  /**
   * Offered load in requests per second, sent on an even schedule by the open-loop generator
   * (latency counted from each request's scheduled time); without it every connection sends as
   * fast as answers come (throughput).
   */
  rate?: number;
};

// Every route the bench measures, in order; `--targets a,b` picks some by name.
export const TARGETS: Target[] = [
  {
    name: "healthz",
    description: "GET /healthz: the HTTP stack alone (no auth, no DB)",
    method: "GET",
    path: "/healthz",
    auth: "none",
    expect: 200,
  },
  {
    name: "analysts",
    description: "GET /api/v1/analysts: authenticated dashboard route (JWT + DB read)",
    method: "GET",
    path: "/api/v1/analysts",
    auth: "console_jwt",
    expect: 200,
  },
  {
    name: "score",
    description:
      "POST /v1/transactions/score: API key, history features (user, card, IP, e-mail, device), model, durable write of assessment + events",
    method: "POST",
    path: "/v1/transactions/score",
    auth: "api_key",
    body: scorePayload,
    expect: 200,
  },
  {
    name: "score@1000",
    description:
      "POST /v1/transactions/score at 1,000 req/s offered on an even schedule (open loop; latency from each scheduled send, not throughput)",
    method: "POST",
    path: "/v1/transactions/score",
    auth: "api_key",
    body: scorePayload,
    expect: 200,
    rate: 1000,
  },
  {
    name: "analyze",
    description:
      "POST /api/v1/transactions/analyze: the same engine, live, with the required X-Idempotency-Key (stored response in the same transaction)",
    method: "POST",
    path: "/api/v1/transactions/analyze",
    auth: "x_api_key",
    body: scorePayload,
    expect: 200,
    perRequestHeaders: () => ({ "x-idempotency-key": idempotencyKey() }),
  },
];

/** `timelineMs`: for open-loop targets, print each run's worst latency per bucket of this many ms. */
export type HttpOptions = { runs: number; durationS: number; warmupS: number; connections: number; timelineMs?: number };

export type RunResult = {
  requests_per_second: number;
  latency_ms: { p50: number; p99: number; max: number };
  requests: number;
  errors: number;
  timeouts: number;
  /** Responses whose status was not the target's `expect` (non-2xx included). */
  unexpected_status: number;
  non_2xx: number;
  status_codes: Record<string, number>;
  timeline?: Timeline;
  /** The API process's CPU during the run (Linux only). */
  cpu?: CpuUse;
};

export type TargetResult = {
  target: string;
  description: string;
  method: string;
  path: string;
  runs: RunResult[];
  median: {
    requests_per_second: number;
    p50_ms: number;
    p99_ms: number;
    errors: number;
    unexpected_status: number;
    cpu_ms_per_request?: number;
  };
};

export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

async function headersFor(target: Target, api: BenchApi): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (target.body !== undefined) headers["content-type"] = "application/json";
  if (target.auth === "api_key") headers.authorization = `Bearer ${api.liveKey}`;
  if (target.auth === "x_api_key") headers["x-api-key"] = api.liveKey;
  if (target.auth === "console_jwt") headers.authorization = `Bearer ${await api.consoleToken()}`;
  return headers;
}

function request(target: Target, headers: Record<string, string>): Request {
  const req: Request = { method: target.method, path: target.path, headers };
  const { body } = target;
  const extra = target.perRequestHeaders;
  if (typeof body === "function") {
    req.setupRequest = (r) => ({
      ...r,
      ...(extra ? { headers: { ...headers, ...extra() } } : {}),
      body: JSON.stringify((body as () => unknown)()),
    });
  } else if (body !== undefined) {
    req.body = JSON.stringify(body);
  }
  return req;
}

async function fire(api: BenchApi, target: Target, durationS: number, connections: number, timelineMs?: number): Promise<RunResult> {
  // A fresh token per run: console tokens expire after 15 minutes and long benches outlive one.
  const headers = await headersFor(target, api);
  const cpu = measureCpu(api.pid);
  const run = target.rate
    ? await fireAtRate(api, target, headers, durationS, target.rate, timelineMs)
    : summarize(
        await autocannon({ url: api.url, connections, duration: durationS, timeout: 10, requests: [request(target, headers)] }),
        target,
      );
  const use = cpu(run.requests);
  return use ? { ...run, cpu: use } : run;
}

async function fireAtRate(
  api: BenchApi,
  target: Target,
  headers: Record<string, string>,
  durationS: number,
  rate: number,
  timelineMs?: number,
): Promise<RunResult> {
  const { body } = target;
  const r = await openLoop({
    url: api.url,
    method: target.method,
    path: target.path,
    headers,
    body:
      typeof body === "function"
        ? () => JSON.stringify((body as () => unknown)())
        : body === undefined
          ? undefined
          : () => JSON.stringify(body),
    perRequestHeaders: target.perRequestHeaders,
    rate,
    durationS,
    timelineBucketMs: timelineMs,
  });
  const expected = r.statusCodes[String(target.expect)] ?? 0;
  const non2xx = Object.entries(r.statusCodes).reduce((n, [code, c]) => (code.startsWith("2") ? n : n + c), 0);
  return {
    requests_per_second: round(r.requests / r.durationS, 1),
    latency_ms: {
      p50: round(percentile(r.latencies, 50)),
      p99: round(percentile(r.latencies, 99)),
      max: round(percentile(r.latencies, 100)),
    },
    requests: r.requests,
    errors: r.errors,
    timeouts: r.timeouts,
    unexpected_status: r.requests - expected,
    non_2xx: non2xx,
    status_codes: r.statusCodes,
    ...(r.timeline ? { timeline: r.timeline } : {}),
  };
}

function summarize(result: Result, target: Target): RunResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  const expected = statusCodes[String(target.expect)] ?? 0;
  const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    // Completed requests over the wall time: the per-second histogram's mean hides a short last second.
    requests_per_second: round(result.requests.total / result.duration, 1),
    latency_ms: { p50: round(result.latency.p50), p99: round(result.latency.p99), max: round(result.latency.max) },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected_status: answered - expected,
    non_2xx: result.non2xx,
    status_codes: statusCodes,
  };
}

/** Each target: a warm-up (discarded), then `runs` measured runs, and the median of each figure. */
export async function runHttpBench(
  api: BenchApi,
  options: HttpOptions,
  targets: Target[] = TARGETS,
  log: (line: string) => void = (l) => console.log(l),
): Promise<TargetResult[]> {
  const results: TargetResult[] = [];
  for (const target of targets) {
    const load = target.rate ? `${target.rate} req/s offered (open loop)` : `${options.connections} connections`;
    log(`  ${target.method} ${target.path}: warm-up ${options.warmupS} s, then ${options.runs} × ${options.durationS} s, ${load}`);
    if (options.warmupS > 0) await fire(api, target, options.warmupS, options.connections);
    const runs: RunResult[] = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await fire(api, target, options.durationS, options.connections, options.timelineMs);
      runs.push(run);
      const bad = run.errors + run.unexpected_status;
      log(
        `    run ${i + 1}/${options.runs}: ${run.requests_per_second} req/s, p50 ${run.latency_ms.p50} ms, p99 ${run.latency_ms.p99} ms` +
          (run.cpu
            ? `; API CPU ${run.cpu.ms_per_request} ms per request (main thread ${run.cpu.main_busy_pct} % busy, busiest other ${run.cpu.other_busy_pct} %)`
            : "") +
          (bad ? `, ${run.errors} errors, ${run.unexpected_status} unexpected statuses ${JSON.stringify(run.status_codes)}` : ""),
      );
      if (run.timeline) {
        const labels = [`worst latency per ${run.timeline.bucketMs} ms, measured here (ms):`, "worst latency_ms the server reported (ms):"];
        const width = Math.max(...labels.map((l) => l.length));
        log(`      ${labels[0]!.padEnd(width)} ${run.timeline.clientMaxMs.join(" ")}`);
        log(`      ${labels[1]!.padEnd(width)} ${run.timeline.serverMaxMs.join(" ")}`);
      }
    }
    results.push({
      target: target.name,
      description: target.description,
      method: target.method,
      path: target.path,
      runs,
      median: {
        requests_per_second: round(median(runs.map((r) => r.requests_per_second)), 1),
        p50_ms: round(median(runs.map((r) => r.latency_ms.p50))),
        p99_ms: round(median(runs.map((r) => r.latency_ms.p99))),
        errors: median(runs.map((r) => r.errors)),
        unexpected_status: median(runs.map((r) => r.unexpected_status)),
        ...(runs.every((r) => r.cpu) ? { cpu_ms_per_request: round(median(runs.map((r) => r.cpu!.ms_per_request))) } : {}),
      },
    });
  }
  return results;
}
