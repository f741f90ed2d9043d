import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import type { Scope } from "../../../db/scope";
import { raiseAlert, type RaiseAlertInput } from "../../../domain/alerts/raise";
import { insertTransaction } from "../../../test/alert-fixtures";

let api: TestApi;
let key: string;
let scope: Scope;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "alerts-co" });
  key = k.key;
  scope = { accountId: k.accountId, environment: "live" };
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const get = (path: string, k = key) => call(url(path), { headers: bearer(k) });
const patch = (path: string, body: unknown, k = key) => call(url(path), { method: "PATCH", headers: bearer(k), body });
const raise = (over: Partial<RaiseAlertInput>, s = scope) =>
  raiseAlert(api.deps.database.db, api.deps.jobs, s, {
    type: "card_testing",
    key: "ip:203.0.113.7",
    confidence: 0.8,
    userIds: [],
    transactionIds: [],
    summary: "pattern",
    ...over,
  });

describe("GET /v1/alerts", () => {
  it("lists open alerts newest first by default, in the list shape", async () => {
    const a = await raise({ key: "list-1", userIds: ["u-list"] });
    const b = await raise({ key: "list-2", type: "velocity_spike" });
    const r = await get("/v1/alerts?limit=100");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    const ids = r.body.data.map((x: { alert_id: string }) => x.alert_id);
    expect(ids.indexOf(b.alert.id)).toBeLessThan(ids.indexOf(a.alert.id));
    const item = r.body.data.find((x: { alert_id: string }) => x.alert_id === a.alert.id);
    expect(item).toMatchObject({
      object: "alert",
      alert_type: "card_testing",
      severity: "low",
      status: "open",
      affected_users: 1,
      affected_transactions: 0,
      summary: "pattern",
      resolution_notes: null,
    });
    expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(item.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("filters by status, severity, alert_type, user_id and time", async () => {
    const s = { accountId: (await api.key({ account: "alerts-filter" })).accountId, environment: "live" as const };
    const k = (await api.key({ account: "alerts-filter" })).key;
    const txns = [];
    for (let i = 0; i < 5; i++) txns.push(await insertTransaction(api.deps.database.db, s, { userId: `f${i}`, amount: 1_000_000 }));
    const high = await raise({ key: "f-high", confidence: 0.95, userIds: ["f0", "f1", "f2", "f3", "f4"], transactionIds: txns }, s);
    const low = await raise({ key: "f-low", type: "identity_abuse", userIds: ["f9"] }, s);
    const resolved = await raise({ key: "f-res", userIds: ["f0"] }, s);
    expect(high.alert.severity).toBe("critical"); // 3 + 1 + 3
    await patch(`/v1/alerts/${resolved.alert.id}`, { status: "resolved" }, k);

    const ids = async (q: string) => {
      const r = await get(`/v1/alerts?${q}`, k);
      expect(r.status, q).toBe(200);
      return r.body.data.map((x: { alert_id: string }) => x.alert_id).sort();
    };
    expect(await ids("")).toEqual([high.alert.id, low.alert.id].sort());
    expect(await ids("status=resolved")).toEqual([resolved.alert.id]);
    expect(await ids("status=all")).toHaveLength(3);
    expect(await ids("severity=critical")).toEqual([high.alert.id]);
    expect(await ids("severity=low&status=all")).toEqual([low.alert.id, resolved.alert.id].sort());
    expect(await ids("alert_type=identity_abuse")).toEqual([low.alert.id]);
    expect(await ids("user_id=f0")).toEqual([high.alert.id]);
    expect(await ids("user_id=f0&status=all")).toEqual([high.alert.id, resolved.alert.id].sort());
    expect(await ids("user_id=nobody")).toEqual([]);

    // Time bounds are inclusive at the second shown on the wire.
    const first = (await get(`/v1/alerts/${high.alert.id}`, k)).body.created_at as string;
    expect(await ids(`start_time=${first}&end_time=${first}&status=all`)).toContain(high.alert.id);
    expect(await ids(`end_time=2000-01-01T00:00:00Z`)).toEqual([]);
    expect(await ids(`start_time=2999-01-01`)).toEqual([]);
    expect(await ids(`start_time=2000-01-01&end_time=2999-12-31T23:59:59%2B02:00`)).toHaveLength(2);
  });

  it("pages with a stable cursor", async () => {
    const s = { accountId: (await api.key({ account: "alerts-pages" })).accountId, environment: "live" as const };
    const k = (await api.key({ account: "alerts-pages" })).key;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await raise({ key: `p${i}` }, s)).alert.id);
    const p1 = await get("/v1/alerts?limit=2", k);
    expect(p1.body).toMatchObject({ has_more: true });
    const p2 = await get(`/v1/alerts?limit=2&after=${p1.body.next_cursor}`, k);
    const p3 = await get(`/v1/alerts?limit=2&after=${p2.body.next_cursor}`, k);
    const seen = [...p1.body.data, ...p2.body.data, ...p3.body.data].map((x: { alert_id: string }) => x.alert_id);
    expect(seen).toEqual([...made].reverse());
    expect(p3.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("validates the query", async () => {
    for (const [q, param] of [
      ["status=closed", "status"],
      ["severity=urgent", "severity"],
      ["alert_type=nope", "alert_type"],
      ["start_time=yesterday", "start_time"],
      ["end_time=2025-02-30", "end_time"],
      ["limit=0", "limit"],
      ["start_time=2025-02-01&end_time=2025-01-01", "end_time"],
    ]) {
      const r = await get(`/v1/alerts?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toMatchObject({ code: "invalid_field_value", param });
    }
  });

  it("needs alerts:read (or alerts:write) and keeps environments apart", async () => {
    const other = await api.key({ account: "alerts-co", scopes: ["cases:read"] });
    expect((await get("/v1/alerts", other.key)).status).toBe(403);
    const reader = await api.key({ account: "alerts-co", scopes: ["alerts:read"] });
    expect((await get("/v1/alerts", reader.key)).status).toBe(200);
    const a = await raise({ key: "env-live" });
    const testKey = await api.key({ account: "alerts-co", env: "test" });
    const r = await call(`${api.url.test}/v1/alerts/${a.alert.id}`, { headers: bearer(testKey.key) });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("resource_not_found");
    const list = await call(`${api.url.test}/v1/alerts?status=all`, { headers: bearer(testKey.key) });
    expect(list.body.data.some((x: { alert_id: string }) => x.alert_id === a.alert.id)).toBe(false);
  });
});

describe("GET /v1/alerts/{id}", () => {
  it("returns the alert with the user and transaction ids behind it, paginated", async () => {
    const txns = [];
    for (let i = 0; i < 5; i++) txns.push(await insertTransaction(api.deps.database.db, scope, { userId: `d${i}` }));
    const { alert } = await raise({
      key: "detail",
      userIds: txns.map((_, i) => `d${i}`),
      transactionIds: txns,
      evidence: { ip: "203.0.113.7" },
    });
    const r = await get(`/v1/alerts/${alert.id}?limit=2`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "alert",
      alert_id: alert.id,
      affected_users: 5,
      affected_transactions: 5,
      evidence: { ip: "203.0.113.7" },
    });
    expect(r.body.user_ids).toMatchObject({ object: "list", has_more: true });
    expect(r.body.user_ids.data).toHaveLength(2);
    const users = [...r.body.user_ids.data];
    let cursor = r.body.user_ids.next_cursor;
    while (cursor) {
      const next = await get(`/v1/alerts/${alert.id}?limit=2&users_after=${cursor}`);
      users.push(...next.body.user_ids.data);
      cursor = next.body.user_ids.next_cursor;
    }
    expect(users.sort()).toEqual(["d0", "d1", "d2", "d3", "d4"]);
    const all = await get(`/v1/alerts/${alert.id}?limit=100`);
    expect(all.body.transaction_ids.data.sort()).toEqual([...txns].sort());
    expect(all.body.transaction_ids.has_more).toBe(false);
    const bad = await get(`/v1/alerts/${alert.id}?transactions_after=zzz`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("transactions_after");
    expect((await get("/v1/alerts/alert_nope")).status).toBe(404);
  });
});

describe("PATCH /v1/alerts/{id}", () => {
  it("acknowledges, resolves with notes, and moves from any state", async () => {
    const { alert } = await raise({ key: "patch-1" });
    await new Promise((r) => setTimeout(r, 1100));
    const ack = await patch(`/v1/alerts/${alert.id}`, { status: "acknowledged" });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ object: "alert", status: "acknowledged", resolution_notes: null });
    expect(ack.body.updated_at).not.toBe(ack.body.created_at);
    const res = await patch(`/v1/alerts/${alert.id}`, { status: "resolved", resolution_notes: "Card-testing ring; IP blocked." });
    expect(res.body).toMatchObject({ status: "resolved", resolution_notes: "Card-testing ring; IP blocked." });
    const back = await patch(`/v1/alerts/${alert.id}`, { status: "acknowledged" });
    expect(back.body).toMatchObject({ status: "acknowledged", resolution_notes: "Card-testing ring; IP blocked." });
    const again = await patch(`/v1/alerts/${alert.id}`, { status: "acknowledged" });
    expect(again.body.updated_at).toBe(back.body.updated_at);
  });

  it("validates status and requires alerts:write", async () => {
    const { alert } = await raise({ key: "patch-2" });
    for (const status of ["open", "closed", 3]) {
      const r = await patch(`/v1/alerts/${alert.id}`, { status });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "status" });
    }
    const missing = await patch(`/v1/alerts/${alert.id}`, { resolution_notes: "x" });
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "status" });
    const reader = await api.key({ account: "alerts-co", scopes: ["alerts:read"] });
    expect((await patch(`/v1/alerts/${alert.id}`, { status: "resolved" }, reader.key)).status).toBe(403);
    const nf = await patch("/v1/alerts/alert_missing", { status: "resolved" });
    expect(nf.status).toBe(404);
    expect(nf.body.error.code).toBe("resource_not_found");
    // The state did not change through any of the refused requests.
    expect((await get(`/v1/alerts/${alert.id}`)).body.status).toBe("open");
  });
});

describe("alert storage", () => {
  it("has one open alert per type and key in the database itself", async () => {
    const { alert } = await raise({ key: "unique-check" });
    await expect(
      api.deps.database.db.execute(
        sql`insert into alerts (id, account_id, environment, alert_type, key, status, severity, confidence, summary)
            values ('alert_dup', ${alert.accountId}, 'live', 'card_testing', 'unique-check', 'open', 'low', 0.5, 'dup')`,
      ),
    ).rejects.toThrow();
  });
});
