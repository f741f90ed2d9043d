import fs from "node:fs";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../tools/lib/net";
import { answerWithin, REDIS_COMMAND_TIMEOUT_MS, RedisRateLimiter } from "./redis-limiter";

// Rate limiting must not become the API's outage: while Redis cannot answer, requests are counted
// in the process instead (see redis-limiter.ts). Before, every authenticated request failed with a
// 500 after 1.6–15 s.

const windows = (key: string) => [{ key, limit: 3 }];

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      warn: (_: object, msg: string) => void lines.push(`warn ${msg}`),
      info: (_: object, msg: string) => void lines.push(`info ${msg}`),
    },
  };
}

describe("RedisRateLimiter when Redis cannot answer", () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("admits and limits in the process at once when nothing listens, and says so once", async () => {
    const port = await freePort();
    const { lines, log } = recorder();
    const limiter = new RedisRateLimiter(`redis://127.0.0.1:${port}`, "t:", log);
    closers.push(() => limiter.close());
    const started = performance.now();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(windows("down")));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[0]!.windows[0]).toMatchObject({ limit: 3, remaining: 2 });
    await new Promise((r) => setTimeout(r, 600)); // reconnection attempts fail meanwhile
    expect(lines.filter((l) => l.startsWith("warn"))).toHaveLength(1);
  });

  it("gives up on a server that accepts but never answers, then leaves it alone for a while", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    closers.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    });
    const port = (silent.address() as net.AddressInfo).port;
    const { lines, log } = recorder();
    const limiter = new RedisRateLimiter(`redis://127.0.0.1:${port}`, "t:", log);
    closers.push(() => limiter.close());
    // The connection never becomes ready (ioredis's INFO check gets no reply): the first hit waits
    // at most the command timeout, then falls back; the next ones, within the pause, do not wait.
    const first = performance.now();
    expect((await limiter.hit(windows("hung"))).allowed).toBe(true);
    expect(performance.now() - first).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 500);
    const next = performance.now();
    for (let i = 0; i < 2; i++) expect((await limiter.hit(windows("hung"))).allowed).toBe(true);
    expect((await limiter.hit(windows("hung"))).allowed).toBe(false);
    expect(performance.now() - next).toBeLessThan(100);
    expect(lines.filter((l) => l.startsWith("warn"))).toHaveLength(1);
  });

  it.skipIf(!process.env.REDIS_URL)("counts in Redis when it answers: two processes share the windows", async () => {
    const prefix = `t:${process.pid}:${Date.now()}:`;
    const a = new RedisRateLimiter(process.env.REDIS_URL!, prefix);
    const b = new RedisRateLimiter(process.env.REDIS_URL!, prefix);
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    await new Promise((r) => setTimeout(r, 200)); // connected
    expect((await a.hit(windows("shared"))).allowed).toBe(true);
    expect((await b.hit(windows("shared"))).allowed).toBe(true);
    expect((await a.hit(windows("shared"))).allowed).toBe(true);
    expect((await b.hit(windows("shared"))).allowed).toBe(false);
  });
});

/** Starts `start` in an I/O callback (where an API handles requests), keeps the loop busy `ms`, then awaits it. */
function busyAfter<T>(start: () => Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) =>
    fs.stat(".", () => {
      start().then(resolve, reject);
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // other requests' work
      }
    }),
  );
}

// A process busy past the deadline is not a slow Redis (server/test/several-processes.test.ts).
describe("a Redis reply that arrived while the process was busy", () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("is in time: answerWithin judges the deadline after reading what arrived", async () => {
    const reply = busyAfter(() => answerWithin(new Promise<string>((r) => fs.stat(".", () => r("reply"))), 20), 150);
    await expect(reply).resolves.toBe("reply");
    const started = performance.now();
    await expect(answerWithin(new Promise(() => undefined), 50)).rejects.toThrow(/did not answer within 50 ms/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.skipIf(!process.env.REDIS_URL)("keeps the counting in Redis, shared with other processes", async () => {
    const { lines, log } = recorder();
    const prefix = `t:${process.pid}:${Date.now()}:busy:`;
    const limiter = new RedisRateLimiter(process.env.REDIS_URL!, prefix, log);
    const other = new RedisRateLimiter(process.env.REDIS_URL!, prefix);
    closers.push(
      () => limiter.close(),
      () => other.close(),
    );
    await new Promise((r) => setTimeout(r, 200)); // connected
    const first = await busyAfter(() => limiter.hit(windows("busy")), REDIS_COMMAND_TIMEOUT_MS + 150);
    expect(first.windows[0]).toMatchObject({ remaining: 2 });
    expect(lines).toEqual([]);
    expect((await other.hit(windows("busy"))).windows[0]).toMatchObject({ remaining: 1 });
    expect((await limiter.hit(windows("busy"))).windows[0]).toMatchObject({ remaining: 0 });
    expect((await other.hit(windows("busy"))).allowed).toBe(false);
  });
});
