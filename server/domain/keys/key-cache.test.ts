import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { KeyPrincipal } from "../../core/principal";
import { bearer, call, startTestApi, type TestApi } from "../../test/harness";
import { onPostgres } from "../../test/database";
import { mountProbeRoutes } from "../../test/probe-routes";
import { hashKey } from "./key-format";
import { KeyCache } from "./key-cache";

const principal: KeyPrincipal = { keyId: "key_1", accountId: "acct_1", environment: "live", scopes: [], rateLimitPerMinute: null };

describe("KeyCache", () => {
  it("serves nothing until it is live, and drops everything on every liveness change", () => {
    const cache = new KeyCache();
    cache.set("h", principal, cache.generation);
    expect(cache.get("h")).toBeUndefined();
    cache.setLive(true);
    cache.set("h", principal, cache.generation);
    expect(cache.get("h")).toEqual(principal);
    cache.setLive(false);
    expect(cache.get("h")).toBeUndefined();
    cache.setLive(true);
    expect(cache.get("h")).toBeUndefined();
  });

  it("does not cache a row read before a clear (a lookup racing a revocation)", () => {
    const cache = new KeyCache();
    cache.setLive(true);
    const started = cache.generation;
    cache.clear();
    cache.set("h", principal, started);
    expect(cache.get("h")).toBeUndefined();
  });

  it("expires entries after its time to live and starts over when full", () => {
    const cache = new KeyCache(1000, 2);
    cache.setLive(true);
    cache.set("a", principal, cache.generation, 0);
    expect(cache.get("a", 999)).toEqual(principal);
    expect(cache.get("a", 1000)).toBeUndefined();
    cache.set("a", principal, cache.generation, 0);
    cache.set("b", principal, cache.generation, 0);
    cache.set("c", principal, cache.generation, 0);
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.get("c", 1)).toEqual(principal);
  });
});

describe("API-key lookups through the cache", () => {
  let api: TestApi;
  let other: pg.Client | undefined;
  const whoami = (key: string) => call(`${api.url.live}/v1/_probe/whoami`, { headers: bearer(key) });

  // A change made by someone else: on PostgreSQL another connection (as another API process or
  // psql would), on the embedded database a raw statement that bypasses the domain functions.
  async function externally(statement: string): Promise<void> {
    if (other) await other.query(statement);
    else await api.deps.database.db.execute(sql.raw(statement));
  }

  /** On PostgreSQL the notification arrives on the listening connection shortly after commit. */
  async function heard(generation: number): Promise<void> {
    await vi.waitFor(() => expect(api.deps.keys.cache.generation).toBeGreaterThan(generation), { timeout: 5000, interval: 5 });
  }

  beforeAll(async () => {
    api = await startTestApi({ extend: mountProbeRoutes });
    const url = (api.deps.database as { url?: string }).url;
    if (onPostgres() && url) {
      other = new pg.Client({ connectionString: url });
      await other.connect();
    }
    await vi.waitFor(() => expect(api.deps.keys.cache.isLive).toBe(true));
  });
  afterAll(async () => {
    await other?.end();
    await api?.close();
  });

  it("caches a key after its first request", async () => {
    const { key } = await api.key();
    expect(api.deps.keys.cache.get(hashKey(key))).toBeUndefined();
    expect((await whoami(key)).status).toBe(200);
    expect(api.deps.keys.cache.get(hashKey(key))).toMatchObject({ environment: "live", scopes: [] });
  });

  it("refuses a key revoked by another connection as soon as the change is committed", async () => {
    const { id, key } = await api.key();
    expect((await whoami(key)).status).toBe(200);
    const before = api.deps.keys.cache.generation;
    await externally(`update api_keys set revoked_at = now() where id = '${id}'`);
    if (other) await heard(before);
    // On the embedded database nothing to wait for: the statement's own result carried the notification.
    else expect(api.deps.keys.cache.generation).toBeGreaterThan(before);
    const r = await whoami(key);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_api_key");
  });

  it("applies an account's new rate limit on the next request", async () => {
    const { key, accountId } = await api.key({ account: "limits-co" });
    expect((await whoami(key)).headers.get("x-ratelimit-limit")).not.toBe("7");
    const before = api.deps.keys.cache.generation;
    await externally(`update accounts set rate_limit_per_minute = 7 where id = '${accountId}'`);
    if (other) await heard(before);
    expect((await whoami(key)).headers.get("x-ratelimit-limit")).toBe("7");
  });

  it("keeps the cache across the usage flush (request counts do not notify)", async () => {
    const { key } = await api.key();
    expect((await whoami(key)).status).toBe(200);
    const before = api.deps.keys.cache.generation;
    await api.deps.keyUsage.flush();
    // Give a notification, if one were sent, time to arrive.
    await new Promise((r) => setTimeout(r, other ? 100 : 0));
    expect(api.deps.keys.cache.generation).toBe(before);
    expect(api.deps.keys.cache.get(hashKey(key))).toBeDefined();
  });

  it("stops serving from the cache when it stops listening", async () => {
    const { key } = await api.key();
    expect((await whoami(key)).status).toBe(200);
    api.deps.keys.cache.setLive(false);
    expect(api.deps.keys.cache.get(hashKey(key))).toBeUndefined();
    expect((await whoami(key)).status).toBe(200);
    expect(api.deps.keys.cache.get(hashKey(key))).toBeUndefined();
    api.deps.keys.cache.setLive(true);
  });
});
