import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../test/harness";
import { countThings, mountProbeRoutes } from "../../test/probe-routes";
import { idempotencyJobs } from "./purge-job";
import { canonicalJson } from "./fingerprint";
import { onPostgres } from "../../test/database";
import { rows } from "../../db/client";
import { ClaimLeases } from "./lease";
import { claimKey, claimLeaseMs, completeKey, releaseDeadClaims } from "./store";
import { CONTRACT_VERSION } from "./idempotent";

let api: TestApi;
let headers: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi({ extend: mountProbeRoutes });
  headers = bearer((await api.key()).key);
});
afterAll(() => api?.close());

const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, amount: 500, payment_method: { type: "card" }, ...extra });
const things = () => `${api.url.live}/v1/_probe/things`;
const db = () => api.deps.database.db;

describe("Surface A Idempotency-Key", () => {
  it("replays the first response for the same key and body, creating one resource", async () => {
    const before = await countThings(db());
    const first = await call(things(), { headers: { ...headers, "idempotency-key": "a-1" }, body: body("one") });
    const again = await call(things(), { headers: { ...headers, "idempotency-key": "a-1" }, body: body("one") });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await countThings(db())).toBe(before + 1);
  });

  it("replays the stored response byte for byte, not re-ordered", async () => {
    const post = () => call(things(), { headers: { ...headers, "idempotency-key": "a-bytes" }, body: body("bytes") });
    const first = await post();
    const again = await post();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
  });

  it("treats key order in the body as the same request", async () => {
    await call(things(), {
      headers: { ...headers, "idempotency-key": "a-order" },
      body: { name: "o", amount: 1, payment_method: { type: "card" } },
    });
    const r = await call(things(), {
      headers: { ...headers, "idempotency-key": "a-order" },
      body: { payment_method: { type: "card" }, amount: 1, name: "o" },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get("idempotent-replayed")).toBe("true");
  });

  it("answers the same key with a different body with 409 idempotency_conflict", async () => {
    await call(things(), { headers: { ...headers, "idempotency-key": "a-2" }, body: body("two") });
    const r = await call(things(), { headers: { ...headers, "idempotency-key": "a-2" }, body: body("other") });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("idempotency_conflict");
  });

  it("accepts the key as the body field idempotency_key", async () => {
    const before = await countThings(db());
    const a = await call(things(), { headers, body: body("bodykey", { idempotency_key: "b-1" }) });
    const b = await call(things(), { headers, body: body("bodykey", { idempotency_key: "b-1" }) });
    expect(b.body).toEqual(a.body);
    expect(await countThings(db())).toBe(before + 1);
  });

  it("gives 20 concurrent duplicates one resource and the same 2xx response", async () => {
    const before = await countThings(db());
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(things(), { headers: { ...headers, "idempotency-key": "concurrent-1" }, body: body("c", { delay_ms: 50 }) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await countThings(db())).toBe(before + 1);
  });

  it("keys are scoped to the account: another account may use the same key", async () => {
    const other = bearer((await api.key({ account: "globex" })).key);
    const a = await call(things(), { headers: { ...headers, "idempotency-key": "shared" }, body: body("x") });
    const b = await call(things(), { headers: { ...other, "idempotency-key": "shared" }, body: body("y") });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it("stores nothing for a failed request, rolls back its writes, and lets a retry reuse the key", async () => {
    const before = await countThings(db());
    const failed = await call(things(), { headers: { ...headers, "idempotency-key": "a-fail" }, body: body("fail-after-write") });
    expect(failed.status).toBe(500);
    expect(await countThings(db())).toBe(before);
    const invalid = await call(things(), { headers: { ...headers, "idempotency-key": "a-invalid" }, body: body("v", { amount: -1 }) });
    expect(invalid.status).toBe(400);
    const fixed = await call(things(), { headers: { ...headers, "idempotency-key": "a-invalid" }, body: body("v") });
    expect(fixed.status).toBe(201);
  });

  it("without a key still runs the handler in one transaction: a failure or a non-2xx answer keeps none of its writes", async () => {
    const before = await countThings(db());
    const failed = await call(things(), { headers, body: body("fail-after-write") });
    expect(failed.status).toBe(500);
    const refused = await call(things(), { headers, body: body("refuse-after-write") });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("probe_refused");
    expect(await countThings(db())).toBe(before);
    const created = await call(things(), { headers, body: body("no-key") });
    expect(created.status).toBe(201);
    expect(await countThings(db())).toBe(before + 1);
  });

  it("rolls back a non-2xx answer's writes, does not store it, and frees the key", async () => {
    const before = await countThings(db());
    const refused = await call(things(), { headers: { ...headers, "idempotency-key": "a-refused" }, body: body("refuse-after-write") });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("idempotent-replayed")).toBeNull();
    expect(await countThings(db())).toBe(before);
    const again = await call(things(), { headers: { ...headers, "idempotency-key": "a-refused" }, body: body("refuse-after-write") });
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    const corrected = await call(things(), { headers: { ...headers, "idempotency-key": "a-refused" }, body: body("corrected") });
    expect(corrected.status).toBe(201);
  });

  it("refuses an unusable key", async () => {
    const r = await call(things(), { headers: { ...headers, "idempotency-key": "x".repeat(300) }, body: body("long") });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "Idempotency-Key" });
  });
});

describe("Surface B X-Idempotency-Key", () => {
  let bHeaders: Record<string, string>;
  beforeAll(async () => {
    bHeaders = { "x-api-key": (await api.key({ scopes: ["TRANSACTIONS_WRITE"] })).key };
  });
  const analyze = () => `${api.url.live}/api/v1/_probe/analyze`;

  it("requires the key: missing 400 missing_required_field, malformed 400 invalid_field_value", async () => {
    const missing = await call(analyze(), { headers: bHeaders, body: body("m") });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "X-Idempotency-Key" });
    for (const key of ["short", "x".repeat(129), "has space in it here!!"]) {
      const bad = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": key }, body: body("m") });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "invalid_field_value", param: "X-Idempotency-Key" });
    }
  });

  it("validates the body before the key's state", async () => {
    const k = "order-of-checks-0001";
    await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("first") });
    const r = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: { name: "" } });
    expect(r.status).toBe(400);
  });

  it("replays, then answers another payload with 422 idempotency_key_reused", async () => {
    const k = "txn-retry-key-0001";
    const a = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("b1") });
    const b = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("b1") });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    const c = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("b2") });
    expect(c.status).toBe(422);
    expect(c.body.error.code).toBe("idempotency_key_reused");
  });

  it("answers a duplicate while the first is in flight with 409 idempotency_in_progress", async () => {
    const k = "txn-in-flight-0001";
    const slow = call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("slow", { delay_ms: 600 }) });
    await new Promise((r) => setTimeout(r, 150));
    const dup = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("slow", { delay_ms: 600 }) });
    const first = await slow;
    expect(first.status).toBe(201);
    if (onPostgres()) {
      expect(dup.status).toBe(409);
      expect(dup.body.error.code).toBe("idempotency_in_progress");
    } else {
      // The embedded database runs one transaction at a time, so the duplicate's claim can only
      // be read once the first request has committed: it then gets the stored response.
      expect(dup.status).toBe(201);
      expect(dup.body).toEqual(first.body);
    }
  });

  it("answers a response stored under an earlier contract with 409 idempotency_not_replayable", async () => {
    const k = "txn-old-contract-01";
    await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("old") });
    await db().execute(sql`update idempotency_keys set contract_version = 0 where key = ${k}`);
    const r = await call(analyze(), { headers: { ...bHeaders, "x-idempotency-key": k }, body: body("old") });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("idempotency_not_replayable");
  });
});

describe("claims whose owner is gone", () => {
  const ref = async (key: string) => ({ accountId: (await api.key()).accountId, environment: "live" as const, surface: "a" as const, key });
  const lockedAgo = async (key: string) =>
    Number(
      (
        await rows<{ ms: number }>(
          db(),
          sql`select extract(epoch from now() - locked_at) * 1000 as ms from idempotency_keys where key = ${key}`,
        )
      )[0]?.ms,
    );
  const age = (key: string, ms: number) =>
    db().execute(sql`update idempotency_keys set locked_at = now() - ${`${ms} milliseconds`}::interval where key = ${key}`);

  it("takes over a claim whose lease lapsed, one request only", async () => {
    const r = await ref("lapsed-claim");
    expect((await claimKey(db(), r, "fp", CONTRACT_VERSION)).kind).toBe("owner");
    // Nobody renews it (its owner died): in progress until the lease lapses, then taken over once.
    expect((await claimKey(db(), r, "fp", CONTRACT_VERSION)).kind).toBe("in_progress");
    await age("lapsed-claim", claimLeaseMs(db()) + 1000);
    const claims = await Promise.all([1, 2, 3].map(() => claimKey(db(), r, "fp", CONTRACT_VERSION)));
    expect(claims.map((c) => c.kind).sort()).toEqual(["in_progress", "in_progress", "owner"]);
    expect(await lockedAgo("lapsed-claim")).toBeLessThan(5000);
    expect((await claimKey(db(), r, "other", CONTRACT_VERSION)).kind).toBe("conflict");
  });

  it("renews the claims its requests hold, and only those still in progress", async () => {
    const held = await ref("held-claim");
    const dropped = await ref("dropped-claim");
    const done = await ref("done-claim");
    for (const r of [held, dropped, done]) await claimKey(db(), r, "fp", CONTRACT_VERSION);
    await completeKey(db(), done, 201, { ok: true });
    const leases = new ClaimLeases(db(), 60_000);
    const unhold = [leases.hold(held), leases.hold(done)];
    leases.hold(dropped)();
    for (const k of ["held-claim", "dropped-claim", "done-claim"]) await age(k, claimLeaseMs(db()) + 1000);
    await leases.renew();
    expect(await lockedAgo("held-claim")).toBeLessThan(5000);
    expect(await lockedAgo("dropped-claim")).toBeGreaterThan(claimLeaseMs(db()));
    expect(await lockedAgo("done-claim")).toBeGreaterThan(claimLeaseMs(db()));
    expect((await claimKey(db(), held, "fp", CONTRACT_VERSION)).kind).toBe("in_progress");
    expect(leases.size).toBe(2);
    for (const u of unhold) u();
    expect(leases.size).toBe(0);
  });

  it("releases every claim in progress when an embedded folder is opened, and keeps stored responses", async () => {
    const left = await ref("left-by-the-dead");
    const stored = await ref("stored-before-the-crash");
    await claimKey(db(), left, "fp", CONTRACT_VERSION);
    await claimKey(db(), stored, "fp", CONTRACT_VERSION);
    await completeKey(db(), stored, 201, { ok: true });
    expect(await releaseDeadClaims(db())).toBeGreaterThanOrEqual(1);
    expect((await claimKey(db(), left, "fp", CONTRACT_VERSION)).kind).toBe("owner");
    expect((await claimKey(db(), stored, "fp", CONTRACT_VERSION)).kind).toBe("completed");
  });
});

describe("retention", () => {
  it("purges expired keys with the maintenance job, after which the key is free again", async () => {
    await call(things(), { headers: { ...headers, "idempotency-key": "expiring" }, body: body("e1") });
    await db().execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'expiring'`);
    await idempotencyJobs["idempotency.purge"]!.run({}, { db: db(), log: api.deps.logger } as never);
    const left = (await db().execute(sql`select count(*)::int as n from idempotency_keys where key = 'expiring'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(left.rows[0]?.n)).toBe(0);
    const r = await call(things(), { headers: { ...headers, "idempotency-key": "expiring" }, body: body("e2") });
    expect(r.status).toBe(201);
    expect(r.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("canonicalJson", () => {
  it("sorts keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });
});
