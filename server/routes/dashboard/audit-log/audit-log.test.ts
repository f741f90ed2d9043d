import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { decide, score, scoreBody, setPolicy } from "../../../test/score-helpers";

let api: TestApi;
let admin: Record<string, string>;
let lead: Record<string, string>;
let key: Record<string, string>;
let accountId: string;
let adminId: string;
const ACCOUNT = "audit-co";
const t0 = new Date(Date.now() - 60_000).toISOString();
beforeAll(async () => {
  api = await startTestApi();
  const a = await api.analyst({ role: "admin", account: ACCOUNT });
  adminId = a.id;
  accountId = a.accountId;
  admin = { authorization: `Bearer ${await api.consoleToken(a.id)}` };
  lead = { authorization: `Bearer ${await api.consoleToken((await api.analyst({ role: "lead", account: ACCOUNT })).id)}` };
  key = bearer((await api.key({ account: ACCOUNT })).key);
});
afterAll(() => api?.close());

const url = (q: Record<string, string>, env: "live" | "test" = "live") => `${api.url[env]}/api/v1/audit-log?${new URLSearchParams(q)}`;
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
type Line = {
  id: string;
  type: string;
  at: string;
  environment: string | null;
  actor: string | null;
  object: { type: string; id: string };
  data: Record<string, unknown>;
};
const lines = (text: string): Line[] =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

describe("GET /api/v1/audit-log", () => {
  it("is for admins only; API keys are refused", async () => {
    const q = { start_time: t0, end_time: inAMinute() };
    expect((await call(url(q), { headers: lead })).status).toBe(403);
    expect((await call(url(q), { headers: key })).status).toBe(403);
  });

  it("refuses a period that is missing, reversed or over a year, naming the parameter and the limit", async () => {
    const bad: [Record<string, string>, string, string][] = [
      [{ end_time: inAMinute() }, "start_time", "missing_required_field"],
      [{ start_time: t0 }, "end_time", "missing_required_field"],
      [{ start_time: "soon", end_time: inAMinute() }, "start_time", "invalid_field_value"],
      [{ start_time: "2026-03-01T00:00:00Z", end_time: "2026-02-01T00:00:00Z" }, "end_time", "invalid_field_value"],
      [{ start_time: "2025-01-01T00:00:00Z", end_time: "2026-01-03T00:00:00Z" }, "end_time", "invalid_field_value"],
    ];
    for (const [q, param, code] of bad) {
      const r = await call(url(q), { headers: admin });
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.error).toMatchObject({ code, param });
    }
    expect(
      (await call(url({ start_time: "2025-01-01T00:00:00Z", end_time: "2026-01-03T00:00:00Z" }), { headers: admin })).body.error.message,
    ).toContain("366 days");
  });

  it("streams the account's audit entries of the period as NDJSON, oldest first", async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    const txn = (await score(api, key, scoreBody())).body;
    await decide(api, key, txn.transaction_id, "false_positive");
    const kase = await call(`${api.url.live}/v1/cases`, {
      headers: key,
      body: { title: "Card testing", case_type: "payment_fraud", transaction_ids: [txn.transaction_id], actor_id: adminId },
    });
    expect(kase.status).toBe(201);
    await call(`${api.url.live}/v1/cases/${kase.body.case_id}`, {
      method: "PATCH",
      headers: key,
      body: { status: "in_review", notes: "Looking", actor_id: adminId },
    });
    await setPolicy(api, ACCOUNT, { retention_days: 400 });
    // Another environment's decision is not in this export.
    const testKey = bearer((await api.key({ account: ACCOUNT, env: "test" })).key);
    const other = (await score(api, testKey, scoreBody(), "test")).body;
    await call(`${api.url.test}/v1/decisions`, {
      headers: testKey,
      body: { transaction_id: other.transaction_id, decision: "allow", reason: "false_positive" },
    });

    const r = await call(url({ start_time: start, end_time: inAMinute() }), { headers: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/x-ndjson");
    const got = lines(r.text);
    const types = got.map((l) => l.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "decision.recorded",
        "case.created",
        "case.note_added",
        "case.status_changed",
        "policy.updated",
        "api_key.created",
        "analyst.created",
        "analyst.signed_in",
      ]),
    );
    expect(got.map((l) => l.at)).toEqual([...got.map((l) => l.at)].sort());
    expect(got.find((l) => l.type === "decision.recorded")).toMatchObject({
      environment: "live",
      object: { type: "transaction", id: txn.transaction_id },
      data: { decision: "allow", reason: "false_positive", snapshot: null, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(got.find((l) => l.type === "case.status_changed")).toMatchObject({
      actor: adminId,
      object: { type: "case", id: kase.body.case_id },
      data: { from: "open", to: "in_review", hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(got.find((l) => l.type === "policy.updated")).toMatchObject({ object: { type: "policy", id: "score:live" } });
    expect(got.some((l) => l.object.id === other.transaction_id)).toBe(false);
    // Before the period: nothing of it.
    const before = await call(url({ start_time: "2020-01-01T00:00:00Z", end_time: "2020-02-01T00:00:00Z" }), { headers: admin });
    expect(before.status).toBe(200);
    expect(before.text).toBe("");
  });

  it("streams a large export in chunks, without a length, every entry once and in order", async () => {
    const start = new Date("2024-03-01T00:00:00Z");
    const n = 12_000;
    await api.deps.database.db.execute(sql`
      insert into decisions (id, account_id, environment, transaction_id, decision, reason, actor_id, seq, created_at)
      select 'dec_bulk_' || lpad(g::text, 6, '0'), ${accountId}, 'live', 'txn_bulk_' || g, 'block', 'confirmed_fraud', 'key_bulk', 1,
        ${start}::timestamptz + g * interval '1 second'
      from generate_series(1, ${n}) g`);
    const res = await fetch(url({ start_time: "2024-03-01T00:00:00Z", end_time: "2024-03-31T00:00:00Z" }), { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      text += decoder.decode(value, { stream: true });
    }
    const got = lines(text);
    expect(got).toHaveLength(n);
    expect(reads).toBeGreaterThan(1);
    expect(got[0]!.id).toBe("dec_bulk_000001");
    expect(got.at(-1)!.id).toBe(`dec_bulk_${String(n).padStart(6, "0")}`);
    expect(new Set(got.map((l) => l.id)).size).toBe(n);
  });

  it("is described in the OpenAPI document as NDJSON lines", async () => {
    const doc = (await call(`${api.url.live}/api/v1/openapi.json`)).body;
    const get = doc.paths["/api/v1/audit-log"].get;
    expect(get.responses["200"].content["application/x-ndjson"]).toBeDefined();
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["start_time", "end_time"]));
    expect(doc.components.schemas.AuditLogLine.required).toEqual(expect.arrayContaining(["type", "at", "actor", "object", "data"]));
  });
});
