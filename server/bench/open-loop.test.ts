import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openLoop, percentile } from "./open-loop";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A local server answering 200 after `delayMs(n)` for the n-th request (0-based), recording arrival times. */
async function listen(delayMs: (n: number) => number): Promise<{ url: string; arrivals: number[]; bodies: string[] }> {
  const arrivals: number[] = [];
  const bodies: string[] = [];
  let n = 0;
  server = http.createServer((req, res) => {
    const i = n++;
    arrivals.push(performance.now());
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      bodies.push(body);
      setTimeout(() => res.end("ok"), delayMs(i));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, arrivals, bodies };
}

describe("open-loop load generator", () => {
  it("sends rate × duration requests on an even schedule, each with its own body", async () => {
    const s = await listen(() => 0);
    let i = 0;
    const r = await openLoop({
      url: s.url,
      method: "POST",
      path: "/",
      headers: { "content-type": "text/plain" },
      body: () => `b${i++}`,
      rate: 200,
      durationS: 1,
    });
    expect(r.requests).toBe(200);
    expect(r.statusCodes).toEqual({ "200": 200 });
    expect(new Set(s.bodies).size).toBe(200);
    // Even: no tenth of the second gets more than a fair share plus timer slack (a burst would put them all first).
    const first = s.arrivals[0]!;
    const perTenth = Array.from(
      { length: 10 },
      (_, k) => s.arrivals.filter((t) => t - first >= k * 100 && t - first < (k + 1) * 100).length,
    );
    expect(Math.max(...perTenth)).toBeLessThanOrEqual(30);
  });

  it("charges a stall to every request it delayed (latency from the schedule, not from the send)", async () => {
    // One socket; the first answer takes 300 ms: the requests scheduled behind it waited for the
    // socket, and their latency must include that wait.
    const s = await listen((n) => (n === 0 ? 300 : 0));
    const r = await openLoop({ url: s.url, method: "GET", path: "/", headers: {}, rate: 100, durationS: 1, maxSockets: 1 });
    expect(r.requests).toBe(100);
    expect(percentile(r.latencies, 100)).toBeGreaterThanOrEqual(290);
    // About 30 requests were scheduled during the stall; a closed-loop count would show one slow request.
    expect(r.latencies.filter((l) => l >= 100).length).toBeGreaterThanOrEqual(15);
  });
});

describe("open-loop timeline", () => {
  it("keeps, per bucket of the schedule, the worst latency and the worst latency_ms the server reported", async () => {
    // Requests 40–49 (scheduled 400–490 ms in) are answered 300 ms late and report latency_ms 7;
    // every other answer is immediate and reports 1.
    let n = 0;
    server = http.createServer((_req, res) => {
      const i = n++;
      const slow = i >= 40 && i < 50;
      setTimeout(() => res.end(JSON.stringify({ latency_ms: slow ? 7 : 1 })), slow ? 300 : 0);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const r = await openLoop({ url, method: "GET", path: "/", headers: {}, rate: 100, durationS: 1, timelineBucketMs: 100 });
    const t = r.timeline!;
    expect(t.bucketMs).toBe(100);
    expect(t.clientMaxMs).toHaveLength(10);
    expect(t.clientMaxMs[4]).toBeGreaterThanOrEqual(290);
    // Every other bucket was answered at once (a generous bound for a busy machine).
    expect(Math.max(...t.clientMaxMs.filter((_, i) => i !== 4))).toBeLessThan(200);
    expect(t.serverMaxMs[4]).toBe(7);
    expect(t.serverMaxMs.filter((_, i) => i !== 4).every((v) => v === 1)).toBe(true);
  });

  it("is not kept unless asked for", async () => {
    const s = await listen(() => 0);
    const r = await openLoop({ url: s.url, method: "GET", path: "/", headers: {}, rate: 50, durationS: 0.2 });
    expect(r.timeline).toBeUndefined();
  });
});
