import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../test/harness";
import { mountProbeRoutes } from "../../test/probe-routes";

for (const backend of ["memory", "redis"] as const) {
  describe.skipIf(backend === "redis" && !process.env.REDIS_URL)(`rate limits over HTTP (${backend})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi({ extend: mountProbeRoutes, redis: backend === "redis" });
    });
    afterAll(() => api?.close());
    const whoami = (env: "live" | "test") => `${api.url[env]}/v1/_probe/whoami`;

    it("puts the headers on every response to an identified key", async () => {
      const { key } = await api.key({ account: `hdr-${backend}` });
      const r = await call(whoami("live"), { headers: bearer(key) });
      expect(r.headers.get("x-ratelimit-limit")).toBe("500");
      expect(r.headers.get("x-ratelimit-remaining")).toBe("499");
      const reset = Number(r.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
      expect(r.headers.get("retry-after")).toBeNull();
    });

    it("gives a test key 100 requests a minute over all endpoints, then 429 with Retry-After", async () => {
      const { key } = await api.key({ account: `sbx-${backend}`, env: "test" });
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await call(whoami("test"), { headers: bearer(key) })).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const r = await call(`${api.url.test}/v1/_probe/things`, {
        headers: bearer(key),
        body: { name: "x", amount: 1, payment_method: { type: "card" } },
      });
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe("rate_limit_exceeded");
      expect(r.headers.get("x-ratelimit-limit")).toBe("100");
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
      const retry = Number(r.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    });

    it("counts per key: another key of the same account has its own windows", async () => {
      await api.limit(`two-${backend}`, 2);
      const a = await api.key({ account: `two-${backend}` });
      const b = await api.key({ account: `two-${backend}` });
      await call(whoami("live"), { headers: bearer(a.key) });
      await call(whoami("live"), { headers: bearer(a.key) });
      expect((await call(whoami("live"), { headers: bearer(a.key) })).status).toBe(429);
      expect((await call(whoami("live"), { headers: bearer(b.key) })).status).toBe(200);
    });

    it("applies an account's raised or lowered limit on the next request, in the headers too", async () => {
      const account = `ovr-${backend}`;
      const { key } = await api.key({ account });
      await api.limit(account, 3);
      const first = await call(whoami("live"), { headers: bearer(key) });
      expect(first.headers.get("x-ratelimit-limit")).toBe("3");
      await call(whoami("live"), { headers: bearer(key) });
      await call(whoami("live"), { headers: bearer(key) });
      expect((await call(whoami("live"), { headers: bearer(key) })).status).toBe(429);
      await api.limit(account, 50);
      const after = await call(whoami("live"), { headers: bearer(key) });
      expect(after.status).toBe(200);
      expect(after.headers.get("x-ratelimit-limit")).toBe("50");
    });

    it("keeps endpoint windows apart and enforces the global window over them", async () => {
      const account = `glob-${backend}`;
      const { key } = await api.key({ account });
      await api.limit(account, 4);
      // Four GETs fill both the GET window and the global window (both 4).
      for (let i = 0; i < 4; i++) expect((await call(whoami("live"), { headers: bearer(key) })).status).toBe(200);
      const post = await call(`${api.url.live}/v1/_probe/things`, {
        headers: bearer(key),
        body: { name: "x", amount: 1, payment_method: { type: "card" } },
      });
      expect(post.status).toBe(429); // its own endpoint window is empty, but the global one is full
    });

    it("does not count or label requests without an identified key", async () => {
      const r = await call(whoami("live"), { headers: bearer("argus_live_sk_nope") });
      expect(r.status).toBe(401);
      expect(r.headers.get("x-ratelimit-limit")).toBeNull();
    });
  });
}
