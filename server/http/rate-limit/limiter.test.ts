import { afterAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter, WINDOW_MS } from "./limiter";
import { RedisRateLimiter } from "./redis-limiter";
import { windowsFor } from "./policy";

describe("MemoryRateLimiter (rolling window)", () => {
  it("admits up to the limit, then refuses until the oldest request is 60 s old", async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    const w = [{ key: "k", limit: 3 }];
    for (let i = 0; i < 3; i++) {
      expect((await limiter.hit(w)).allowed).toBe(true);
      now += 10_000;
    }
    const refused = await limiter.hit(w);
    expect(refused.allowed).toBe(false);
    expect(refused.windows[0]).toMatchObject({ remaining: 0, resetAtMs: 1_000_000 + WINDOW_MS });
    now = 1_000_000 + WINDOW_MS; // the first request leaves the window exactly now
    expect((await limiter.hit(w)).allowed).toBe(true);
    expect((await limiter.hit(w)).allowed).toBe(false);
    await limiter.close();
  });

  it("is rolling, not fixed: a burst at the end of one minute still counts at the start of the next", async () => {
    let now = 59_000;
    const limiter = new MemoryRateLimiter(() => now);
    const w = [{ key: "k", limit: 2 }];
    await limiter.hit(w);
    await limiter.hit(w);
    now = 61_000;
    expect((await limiter.hit(w)).allowed).toBe(false);
    await limiter.close();
  });

  it("keeps exact counts and reset times across long logs whose old entries expire in bulk", async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    const w = [{ key: "busy", limit: 5_000 }];
    for (let i = 0; i < 3_000; i++) await limiter.hit(w); // at t = 0
    now = 30_000;
    for (let i = 0; i < 1_999; i++) await limiter.hit(w); // at t = 30 s
    now = WINDOW_MS + 1; // the first 3,000 leave the window (the log drops them in bulk)
    const after = await limiter.hit(w);
    expect(after.windows[0]).toEqual({ limit: 5_000, remaining: 3_000, resetAtMs: 30_000 + WINDOW_MS });
    for (let i = 0; i < 3_000; i++) expect((await limiter.hit(w)).allowed).toBe(true);
    const full = await limiter.hit(w);
    expect(full.allowed).toBe(false);
    expect(full.windows[0]).toMatchObject({ remaining: 0, resetAtMs: 30_000 + WINDOW_MS });
    await limiter.close();
  });

  it("counts a request in every window or in none", async () => {
    const limiter = new MemoryRateLimiter(() => 5);
    const endpoint = { key: "e", limit: 1 };
    const global = { key: "g", limit: 10 };
    expect((await limiter.hit([endpoint, global])).allowed).toBe(true);
    const refused = await limiter.hit([endpoint, global]);
    expect(refused.allowed).toBe(false);
    expect(refused.windows[1]?.remaining).toBe(9);
    await limiter.close();
  });
});

describe("rate-limit policy", () => {
  const key = (environment: "live" | "test", rateLimitPerMinute: number | null = null) => ({
    keyId: "key_1",
    accountId: "acct_1",
    environment,
    scopes: [],
    rateLimitPerMinute,
  });
  it("gives live keys a per-endpoint window plus the global 2,000", () => {
    expect(windowsFor(key("live"), "POST", "/v1/transactions/score")).toEqual([
      { key: "key_1:POST /v1/transactions/score", limit: 1000 },
      { key: "key_1:all", limit: 2000 },
    ]);
    expect(windowsFor(key("live"), "POST", "/v1/identity/verify")[0]?.limit).toBe(200);
    expect(windowsFor(key("live"), "GET", "/v1/events")[0]?.limit).toBe(500);
    expect(windowsFor(key("live"), "GET", "/v1/alerts")[0]?.limit).toBe(500);
    expect(windowsFor(key("live"), "POST", "/v1/decisions")[0]?.limit).toBe(300);
    expect(windowsFor(key("live"), "POST", "/v1/cases")[0]?.key).not.toBe(windowsFor(key("live"), "POST", "/v1/decisions")[0]?.key);
  });
  it("gives test keys one window of 100 over all endpoints", () => {
    expect(windowsFor(key("test"), "POST", "/v1/transactions/score")).toEqual([{ key: "key_1:all", limit: 100 }]);
  });
  it("applies an account override to every window", () => {
    expect(windowsFor(key("live", 7), "POST", "/v1/transactions/score").map((w) => w.limit)).toEqual([7, 7]);
    expect(windowsFor(key("test", 7), "GET", "/v1/events").map((w) => w.limit)).toEqual([7]);
  });
});

describe.skipIf(!process.env.REDIS_URL)("RedisRateLimiter (shared across processes)", () => {
  const prefix = `argus:test:limiter:${process.pid}:${Date.now()}:`;
  const a = new RedisRateLimiter(process.env.REDIS_URL ?? "", prefix);
  const b = new RedisRateLimiter(process.env.REDIS_URL ?? "", prefix);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("shares one window between two limiter instances", async () => {
    const w = [{ key: "shared", limit: 5 }];
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).hit(w)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const last = await a.hit(w);
    expect(last.allowed).toBe(false);
    expect(last.windows[0]?.remaining).toBe(0);
    expect(last.windows[0]!.resetAtMs).toBeGreaterThan(Date.now());
  });

  it("admits all windows or none, atomically", async () => {
    const endpoint = { key: "ep", limit: 1 };
    const global = { key: "gl", limit: 10 };
    expect((await a.hit([endpoint, global])).allowed).toBe(true);
    const refused = await b.hit([endpoint, global]);
    expect(refused.allowed).toBe(false);
    expect(refused.windows[1]?.remaining).toBe(9);
  });
});
