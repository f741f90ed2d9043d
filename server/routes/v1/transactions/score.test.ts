import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import { score, scoreBody, signalNames, uniq } from "../../../test/score-helpers";
import { requestFingerprint } from "../../../http/idempotency/fingerprint";

let api: TestApi;
let h: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  const key = await api.key();
  h = bearer(key.key);
  // Webhook events are written only where an endpoint subscribes.
  await api.subscribe(key.accountId);
});
afterAll(() => api?.close());

const db = () => api.deps.database.db;
const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db(), q))[0]?.n ?? 0);

describe("POST /v1/transactions/score", () => {
  it("returns the assessment with a prefixed id and a measured latency", async () => {
    const r = await score(api, h, scoreBody({ metadata: { order: "A-1" } }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "transaction_score",
      decision: expect.stringMatching(/^(allow|challenge|block)$/),
      metadata: { order: "A-1" },
    });
    expect(r.body.transaction_id).toMatch(/^txn_[0-9a-z]{26}$/);
    expect(Number.isInteger(r.body.risk_score)).toBe(true);
    expect(r.body.risk_score).toBeGreaterThanOrEqual(0);
    expect(r.body.risk_score).toBeLessThanOrEqual(100);
    expect(Number.isInteger(r.body.latency_ms)).toBe(true);
    expect(r.body.latency_ms).toBeGreaterThanOrEqual(0);
    expect(r.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const s of r.body.signals) expect(["low_risk", "medium_risk", "high_risk"]).toContain(s.weight);
    const stored = await rows<{ latency_ms: number; metadata: unknown }>(
      db(),
      sql`select latency_ms, metadata from transactions where id = ${r.body.transaction_id}`,
    );
    expect(stored[0]?.latency_ms).toBe(r.body.latency_ms);
    expect(stored[0]?.metadata).toEqual({ order: "A-1" });
  });

  it("accepts and ignores top-level transaction_id and user_id", async () => {
    const body = scoreBody({ transaction_id: "txn_mine", user_id: "someone-else" });
    const r = await score(api, h, body);
    expect(r.status).toBe(200);
    expect(r.body.transaction_id).not.toBe("txn_mine");
    const g = await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: h });
    expect(g.body.user_id).toBe((body.user as { id: string }).id);
  });

  it("stores metadata but never scores it", async () => {
    const user = { id: uniq() };
    const other = await score(api, h, scoreBody({ user, metadata: { note: "fraud fraud velocity" } }));
    const plainUser = { id: uniq() };
    const plain = await score(api, h, scoreBody({ user: plainUser }));
    expect(other.body.risk_score).toBe(plain.body.risk_score);
    expect(signalNames(other.body)).toEqual(signalNames(plain.body));
  });

  it("writes transaction.scored in the same transaction, with risk_score, risk_factors, risk_level, model_version", async () => {
    const r = await score(api, h, scoreBody({ user: { id: uniq(), email: "x@mailinator.com" } }));
    const ev = await call(`${api.url.live}/v1/events?transaction_id=${r.body.transaction_id}`, { headers: h });
    expect(ev.body.data).toHaveLength(1);
    expect(ev.body.data[0]).toMatchObject({
      object: "event",
      event_type: "transaction.scored",
      transaction_id: r.body.transaction_id,
      payload: { risk_score: r.body.risk_score, risk_factors: signalNames(r.body), model_version: r.body.model_version },
    });
    expect(["low", "medium", "high"]).toContain(ev.body.data[0].payload.risk_level);
  });

  it("on block writes transaction.blocked (rule_id, rule_name, threshold) and queues the webhook", async () => {
    // A disposable e-mail, a prepaid-looking unknown BIN, an expired card and a reserved IP: well above 75.
    const body = scoreBody({
      user: { id: uniq(), email: "x@mailinator.com", ip_address: "10.1.1.1" },
      payment_method: { type: "card", card_bin: "999999", last_four: "0001", expiry_month: 1, expiry_year: 2001 },
    });
    const r = await score(api, h, body);
    expect(r.body.decision).toBe("block");
    const ev = await call(`${api.url.live}/v1/events?transaction_id=${r.body.transaction_id}&event_type=transaction.blocked`, {
      headers: h,
    });
    expect(ev.body.data).toHaveLength(1);
    expect(ev.body.data[0].payload).toMatchObject({ rule_id: "score_band_block", rule_name: expect.any(String), threshold: 75 });
    const hooks = await rows<{ type: string; data: { transaction_id: string; decisions: unknown[] } }>(
      db(),
      sql`select type, data from webhook_events where data->>'transaction_id' = ${r.body.transaction_id}`,
    );
    expect(hooks.map((x) => x.type)).toEqual(["transaction.blocked"]);
    expect(hooks[0]?.data).toMatchObject({ transaction_id: r.body.transaction_id, decisions: [] });
  });

  it("emits transaction.flagged for a challenge and no webhook for an allow", async () => {
    const challenge = await score(api, h, scoreBody({ user: { id: uniq(), email: "y@mailinator.com" } }));
    expect(challenge.body.decision).toBe("challenge");
    const allow = await score(api, h, scoreBody());
    expect(allow.body.decision).toBe("allow");
    const types = await rows<{ id: string; type: string }>(
      db(),
      sql`select data->>'transaction_id' as id, type from webhook_events where data->>'transaction_id' in (${challenge.body.transaction_id}, ${allow.body.transaction_id})`,
    );
    expect(types).toEqual([{ id: challenge.body.transaction_id, type: "transaction.flagged" }]);
  });

  it("writes the webhook event and its fan-out only where an enabled endpoint subscribes to the event's type", async () => {
    const fanoutKey = await api.key({ account: "fanout-co" });
    const k = bearer(fanoutKey.key);
    const flagged = async () => {
      const r = await score(api, k, scoreBody({ user: { id: uniq(), email: "y@mailinator.com" } }));
      expect(r.body.decision).toBe("challenge");
      return r.body.transaction_id as string;
    };
    const counts = async (txn: string) =>
      (
        await rows<{ events: number; fanouts: number }>(
          db(),
          sql`select (select count(*) from webhook_events where data->>'transaction_id' = ${txn})::int as events,
                     (select count(*) from jobs j join webhook_events w on w.id = j.payload->>'event_id'
                      where j.type = 'webhooks.fanout' and w.data->>'transaction_id' = ${txn})::int as fanouts`,
        )
      )[0];
    const first = await flagged();
    // Nobody to deliver it to: no outbox row (it would only keep a copy of the assessment), no job.
    expect(await counts(first)).toEqual({ events: 0, fanouts: 0 });
    await api.subscribe(fanoutKey.accountId, { events: ["transaction.blocked"] });
    await api.subscribe(fanoutKey.accountId, { events: ["*"], status: "disabled" });
    expect(await counts(await flagged())).toEqual({ events: 0, fanouts: 0 });
    await api.subscribe(fanoutKey.accountId, { events: ["transaction.flagged"] });
    expect(await counts(await flagged())).toEqual({ events: 1, fanouts: 1 });
  });

  it("queues detection at once after a quiet spell, and 200 ms later while scores keep coming", async () => {
    const dueIn = async (txn: string) => {
      const [r] = await rows<{ ms: number }>(
        db(),
        sql`select extract(epoch from (j.run_at - t.created_at)) * 1000 as ms from transactions t
            join jobs j on j.unique_key = 'detect:' || t.account_id || ':' || t.environment and j.state = 'queued'
            where t.id = ${txn}`,
      );
      return Number(r?.ms);
    };
    await new Promise((r) => setTimeout(r, 400));
    const quiet = await score(api, bearer((await api.key({ account: "detect-quiet" })).key), scoreBody());
    const busyKey = bearer((await api.key({ account: "detect-busy" })).key);
    const busy = await score(api, busyKey, scoreBody());
    // The second batch may only follow the first within 200 ms on a fast machine: repeat until it does.
    let busyDue = await dueIn(busy.body.transaction_id);
    for (let i = 0; i < 5 && busyDue < 150; i++) {
      await db().execute(
        sql`delete from jobs where unique_key like 'detect:%' and state = 'queued' and payload->>'accountId' in (select id from accounts where name = 'detect-busy')`,
      );
      await score(api, busyKey, scoreBody());
      const again = await score(api, busyKey, scoreBody());
      busyDue = await dueIn(again.body.transaction_id);
    }
    expect(await dueIn(quiet.body.transaction_id)).toBeLessThan(50);
    expect(busyDue).toBeGreaterThanOrEqual(150);
  });

  it("is deterministic: the same requests against the same history give the same scores and signals", async () => {
    const a = bearer((await api.key({ account: "det-a" })).key);
    const b = bearer((await api.key({ account: "det-b" })).key);
    const sequence = [0, 1, 2, 3, 4, 5].map((i) =>
      scoreBody({
        amount: i === 5 ? 900_000 : 1000 + i,
        user: { id: "det-user", email: i < 3 ? "det@example.com" : "det2@example.com", ip_address: "8.8.4.4" },
        payment_method: { type: "card", card_bin: "424242", last_four: i % 2 ? "4242" : "1234" },
      }),
    );
    const run = async (headers: Record<string, string>) => {
      const out: unknown[] = [];
      for (const body of sequence) {
        const r = await score(api, headers, body);
        out.push({ score: r.body.risk_score, decision: r.body.decision, signals: r.body.signals });
      }
      return out;
    };
    const first = await run(a);
    expect(await run(b)).toEqual(first);
    expect(JSON.stringify(first)).toContain("amount_unusual_for_user");
  });
});

describe("idempotency", () => {
  it("replays by header and by body field, creating one assessment", async () => {
    const body = scoreBody();
    const k = uniq("key-");
    const a = await score(api, { ...h, "idempotency-key": k }, body);
    const b = await score(api, { ...h, "idempotency-key": k }, body);
    expect(b.body).toEqual(a.body);
    const viaBody = scoreBody({ idempotency_key: uniq("bk-") });
    const c = await score(api, h, viaBody);
    const d = await score(api, h, viaBody);
    expect(d.body).toEqual(c.body);
    expect(d.headers.get("idempotent-replayed")).toBe("true");
    const user = (body.user as { id: string }).id;
    const user2 = (viaBody.user as { id: string }).id;
    expect(await count(sql`select count(*)::int as n from transactions where user_id in (${user}, ${user2})`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from events where user_id in (${user}, ${user2})`)).toBe(2);
    const conflict = await score(api, { ...h, "idempotency-key": k }, scoreBody());
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("idempotency_conflict");
  });

  it("treats the key in the body field and in the header as the same key, and refuses two different keys", async () => {
    const k = uniq("both-");
    const body = scoreBody();
    const first = await score(api, h, { ...body, idempotency_key: k });
    const again = await score(api, { ...h, "idempotency-key": k }, body);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const same = await score(api, { ...h, "idempotency-key": k }, { ...body, idempotency_key: k });
    expect(same.body).toEqual(first.body);
    const two = await score(api, { ...h, "idempotency-key": uniq("hdr-") }, scoreBody({ idempotency_key: uniq("bdy-") }));
    expect(two.status).toBe(400);
    expect(two.body.error).toMatchObject({ code: "invalid_field_value", param: "idempotency_key" });
  });

  it("replays the original response byte for byte (fields in the order first written)", async () => {
    const headers = { ...h, "idempotency-key": uniq("bytes-") };
    const body = scoreBody({ metadata: { zeta_long_name: "1", a: "2" } });
    const first = await score(api, headers, body);
    const again = await score(api, headers, body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(Object.keys(first.body)[0]).toBe("object");
  });

  it("still replays a key claimed with the fingerprint that included the body field", async () => {
    const k = uniq("old-");
    const body = scoreBody({ idempotency_key: k });
    const first = await score(api, h, body);
    // As stored before the key stopped being part of the fingerprint.
    const former = requestFingerprint("POST", "/v1/transactions/score", body);
    await db().execute(sql`update idempotency_keys set fingerprint = ${former} where key = ${k}`);
    const again = await score(api, h, body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("gives 20 concurrent duplicates one assessment and the same response", async () => {
    const body = scoreBody();
    const k = uniq("dup-");
    const results = await Promise.all(Array.from({ length: 20 }, () => score(api, { ...h, "idempotency-key": k }, body)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.transaction_id)).size).toBe(1);
    const user = (body.user as { id: string }).id;
    expect(await count(sql`select count(*)::int as n from transactions where user_id = ${user}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from events where user_id = ${user}`)).toBe(1);
  });

  it("stores the response with the assessment, and frees the key of a refused request for a corrected retry", async () => {
    const k = uniq("fix-");
    const refused = await score(api, { ...h, "idempotency-key": k }, scoreBody({ session_id: "sess_missing" }));
    expect(refused.status).toBe(404);
    expect(await count(sql`select count(*)::int as n from idempotency_keys where key = ${k}`)).toBe(0);
    const body = scoreBody();
    const ok = await score(api, { ...h, "idempotency-key": k }, body);
    expect(ok.status).toBe(200);
    const [stored] = await rows<{ state: string; response_body: { transaction_id: string } }>(
      api.deps.database.db,
      sql`select state, response_body from idempotency_keys where key = ${k}`,
    );
    expect(stored).toMatchObject({ state: "completed", response_body: { transaction_id: ok.body.transaction_id } });
  });

  it("scores concurrent requests without a key in batches, each counted once", async () => {
    const user = { id: uniq() };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => score(api, h, scoreBody({ user, amount: 100 + i }))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.transaction_id)).size).toBe(30);
    expect(await count(sql`select count(*)::int as n from transactions where user_id = ${user.id}`)).toBe(30);
    // Batch-mates, batches in flight and committed batches are all counted exactly once, so the
    // 10th to the 30th are at ≥ 10, and the 5th to the 9th are elevated — whatever the batching.
    expect(results.filter((r) => signalNames(r.body).includes("velocity_high")).length).toBe(21);
    expect(results.filter((r) => signalNames(r.body).includes("velocity_elevated")).length).toBe(5);
  });
});

describe("GET /v1/transactions/{id}", () => {
  it("returns the assessment with its explanation and an empty decision chain", async () => {
    const r = await score(
      api,
      h,
      scoreBody({
        merchant: { id: "m_1", category: "5411" },
        payment_method: { type: "card", card_bin: "411111", last_four: "1111" },
        user: { id: uniq("user_"), email: "Ana.Lopez@Example.com", ip_address: "44.1.2.3" },
      }),
    );
    const g = await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: h });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      object: "transaction_score",
      email: "ana.lopez@example.com",
      ip_address: "44.1.2.3",
      phone: null,
      transaction_id: r.body.transaction_id,
      risk_score: r.body.risk_score,
      signals: r.body.signals,
      amount: 2500,
      currency: "USD",
      payment_method: { type: "card", card_bin: "411111", last_four: "1111" },
      merchant: { id: "m_1", category: "5411" },
      final_decision: r.body.decision,
      decisions: [],
    });
    const sum = g.body.explanation.base + g.body.explanation.contributions.reduce((s: number, c: { points: number }) => s + c.points, 0);
    expect(Math.max(0, Math.min(100, Math.round(sum)))).toBe(r.body.risk_score);
  });

  it("is 404 in another account or environment, and needs transactions:write or events:read", async () => {
    const r = await score(api, h, scoreBody());
    const other = bearer((await api.key({ account: uniq("acct") })).key);
    expect((await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: other })).status).toBe(404);
    const testKey = bearer((await api.key({ env: "test" })).key);
    const t = await call(`${api.url.test}/v1/transactions/${r.body.transaction_id}`, { headers: testKey });
    expect(t.status).toBe(404);
    expect(t.body.error.code).toBe("resource_not_found");
    const reader = bearer((await api.key({ scopes: ["events:read"] })).key);
    expect((await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: reader })).status).toBe(200);
    const cases = bearer((await api.key({ scopes: ["cases:read"] })).key);
    expect((await call(`${api.url.live}/v1/transactions/${r.body.transaction_id}`, { headers: cases })).status).toBe(403);
    expect((await score(api, cases, scoreBody())).status).toBe(403);
  });
});
