import http from "node:http";

// An open-loop load generator: requests are sent on a fixed schedule (request k at start + k/rate),
// whether or not earlier ones were answered, and each latency is measured from the request's
// scheduled time, not from when a socket became free (as wrk2 does), so a stall is charged to
// every request it delayed instead of hiding it ("coordinated omission").
//
// Why not autocannon's `overallRate`: it gives each connection a quota per second and lets every
// connection send its quota back to back as soon as the second starts, then idle. At "1,000 req/s"
// with 100 connections that is a burst of 100 concurrent clients for part of each second: it
// measured a saturated server's queueing, not latency at an offered load of 1,000 req/s.

export type OpenLoopOptions = {
  url: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** A body per request (called for each one), or none. */
  body?: () => string;
  /** Extra headers per request. */
  perRequestHeaders?: () => Record<string, string>;
  rate: number;
  durationS: number;
  /** Sockets the generator may open at once; a request waits for one when all are busy (still timed from its schedule). */
  maxSockets?: number;
  timeoutMs?: number;
  /**
   * Also keep, per bucket of this many milliseconds of the schedule, the worst latency seen and
   * the worst `latency_ms` the server reported in its JSON answer (the response bodies are read
   * for it). Shows whether a tail is one stall or spread, and whether the server or the way to it
   * was slow.
   */
  timelineBucketMs?: number;
};

/** Per schedule bucket: the worst latency measured here, and the worst the server reported (0 if none). */
export type Timeline = { bucketMs: number; clientMaxMs: number[]; serverMaxMs: number[] };

export type OpenLoopResult = {
  /** Requests answered (any status), over the wall time from the first send to the last answer. */
  requests: number;
  durationS: number;
  latencies: Float64Array;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  timeline?: Timeline;
};

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function openLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.maxSockets ?? 256 });
  const total = Math.round(o.rate * o.durationS);
  const latencies = new Float64Array(total);
  const statusCodes: Record<string, number> = {};
  let answered = 0;
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  let lastAnswer = 0;
  const timeline: Timeline | undefined = o.timelineBucketMs
    ? { bucketMs: o.timelineBucketMs, clientMaxMs: [], serverMaxMs: [] }
    : undefined;
  const keepWorst = (list: number[], at: number, value: number) => (list[at] = Math.max(list[at] ?? 0, value));
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const settle = () => {
    lastAnswer = performance.now();
    if (answered + errors + timeouts === total) finish();
  };

  const send = (scheduledAt: number) => {
    const body = o.body?.();
    const headers = {
      ...o.headers,
      ...o.perRequestHeaders?.(),
      ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
    };
    const req = http.request({ host: target.hostname, port: target.port, method: o.method, path: o.path, headers, agent }, (res) => {
      let text = "";
      if (timeline) res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      else res.resume();
      res.on("end", () => {
        const latency = performance.now() - scheduledAt;
        latencies[answered++] = latency;
        if (timeline) {
          const at = Math.floor((scheduledAt - start) / timeline.bucketMs);
          keepWorst(timeline.clientMaxMs, at, latency);
          const reported = /"latency_ms":(\d+)/.exec(text);
          keepWorst(timeline.serverMaxMs, at, reported ? Number(reported[1]) : 0);
        }
        statusCodes[String(res.statusCode)] = (statusCodes[String(res.statusCode)] ?? 0) + 1;
        settle();
      });
    });
    req.setTimeout(o.timeoutMs ?? 10_000, () => {
      timeouts++;
      req.destroy(new Error("timeout"));
    });
    req.on("error", (err) => {
      if (err.message !== "timeout") errors++;
      settle();
    });
    req.end(body);
  };

  const start = performance.now();
  const interval = 1000 / o.rate;
  // A timer each millisecond sends whatever is due by now (each request keeps its own schedule).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await done;
  agent.destroy();
  const sorted = latencies.subarray(0, answered).sort();
  if (timeline) {
    // Buckets where nothing was answered stay 0 rather than holes.
    for (const list of [timeline.clientMaxMs, timeline.serverMaxMs])
      for (let i = 0; i < list.length; i++) list[i] = Math.round(list[i] ?? 0);
  }
  return {
    requests: answered,
    durationS: (lastAnswer - start) / 1000,
    latencies: sorted,
    statusCodes,
    errors,
    timeouts,
    ...(timeline ? { timeline } : {}),
  };
}
