import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";

// start_time on the case list: what a queue counts as "new since I read it" (the console's
// "N new" notice), to the millisecond although the wire shows seconds.

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  key = (await api.key({ account: "cases-since" })).key;
});
afterAll(() => api?.close());

const url = (q: string) => `${api.url.live}/v1/cases?${q}`;
const create = async (body: Record<string, unknown>) => {
  const r = await call(`${api.url.live}/v1/cases`, { headers: bearer(key), body: { title: "t", case_type: "payment_fraud", ...body } });
  expect(r.status).toBe(201);
  return (r.body as { case_id: string }).case_id;
};
const ids = async (q: string) => {
  const r = await call(url(q), { headers: bearer(key) });
  expect(r.status, q).toBe(200);
  return (r.body as { data: { case_id: string }[] }).data.map((c) => c.case_id);
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("GET /v1/cases?start_time", () => {
  it("lists only cases created at or after the instant, to the millisecond, with the other filters and orders", async () => {
    const before = await create({ severity: "high" });
    await tick();
    const since = new Date().toISOString();
    await tick();
    const high = await create({ severity: "high" });
    const low = await create({ severity: "low" });

    expect(await ids(`start_time=${since}`)).toEqual([low, high]);
    expect(await ids(`start_time=${since}&severity=high`)).toEqual([high]);
    expect(await ids(`start_time=${since}&sort=priority`)).toEqual([high, low]);
    expect(await ids(`start_time=2999-01-01`)).toEqual([]);
    expect(await ids(`start_time=2000-01-01`)).toEqual([low, high, before]);
  });

  it("refuses a start_time that is no ISO 8601 instant, naming it", async () => {
    const r = await call(url("start_time=yesterday"), { headers: bearer(key) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { code: "invalid_field_value", param: "start_time" } });
  });
});

describe("GET /v1/cases?end_time", () => {
  it("lists only cases created before or at the instant (the console's age filter), with the other filters", async () => {
    const k = (await api.key({ account: "cases-until" })).key;
    const make = async (severity: string) => {
      const r = await call(`${api.url.live}/v1/cases`, { headers: bearer(k), body: { title: "t", case_type: "payment_fraud", severity } });
      return (r.body as { case_id: string }).case_id;
    };
    const old = await make("high");
    const older = await make("low");
    const fresh = await make("high");
    // Aged in the database, not by waiting: two days and three days old.
    await api.deps.database.db.execute(sql`update cases set created_at = now() - interval '2 days' where id = ${old}`);
    await api.deps.database.db.execute(sql`update cases set created_at = now() - interval '3 days' where id = ${older}`);
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const list = async (q: string) => {
      const r = await call(url(q), { headers: bearer(k) });
      expect(r.status, q).toBe(200);
      return (r.body as { data: { case_id: string }[] }).data.map((c) => c.case_id);
    };
    expect(await list(`end_time=${dayAgo}`)).toEqual([old, older]);
    expect(await list(`end_time=${dayAgo}&severity=high`)).toEqual([old]);
    expect(await list(`end_time=${dayAgo}&sort=priority`)).toEqual([old, older]);
    expect(await list("")).toEqual([fresh, old, older]);
    const bad = await call(url("end_time=soon"), { headers: bearer(k) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "invalid_field_value", param: "end_time" } });
  });
});
