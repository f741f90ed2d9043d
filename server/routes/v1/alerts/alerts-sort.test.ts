import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import type { Scope } from "../../../db/scope";
import { raiseAlert, type RaiseAlertInput } from "../../../domain/alerts/raise";

// GET /v1/alerts?sort=severity (an addition): severity critical → low, then oldest first, then id,
// with its own cursor. Severities and creation times are set in the table so ties are exact.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Alert = { alert_id: string; severity: string; status: string; created_at: string };
type Page = { data: Alert[]; has_more: boolean; next_cursor: string | null };
const rank: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };
const BASE = Date.parse("2025-03-01T10:00:00Z");

async function account(name: string) {
  const k = await api.key({ account: name });
  const scope: Scope = { accountId: k.accountId, environment: "live" };
  const db = api.deps.database.db;
  const get = (q: string) => call(`${api.url.live}/v1/alerts?${q}`, { headers: bearer(k.key) });
  const list = async (q: string) => {
    const r = await get(q);
    expect(r.status, q).toBe(200);
    return r.body as Page;
  };
  /** Every page of a query, following next_cursor. */
  const all = async (q: string, limit: number) => {
    const seen: Alert[] = [];
    let after: string | null = null;
    do {
      const page: Page = await list(`${q}&limit=${limit}${after ? `&after=${after}` : ""}`);
      expect(page.data.length).toBeLessThanOrEqual(limit);
      expect(page.next_cursor === null).toBe(!page.has_more);
      seen.push(...page.data);
      after = page.next_cursor;
    } while (after);
    return seen;
  };
  /** An alert with this severity, created `second` seconds after BASE (ms: extra milliseconds). */
  const make = async (severity: string, second: number, over: Partial<RaiseAlertInput> = {}, ms = 0) => {
    const { alert } = await raiseAlert(db, api.deps.jobs, scope, {
      type: "card_testing",
      key: `k-${Math.random().toString(36).slice(2)}`,
      confidence: 0.5,
      userIds: [],
      transactionIds: [],
      summary: "pattern",
      ...over,
    });
    const at = new Date(BASE + second * 1000 + ms);
    await db.execute(sql`update alerts set severity = ${severity}, created_at = ${at} where id = ${alert.id}`);
    return { id: alert.id, severity, at: at.getTime() };
  };
  return { key: k.key, get, list, all, make };
}

type Made = { id: string; severity: string; at: number };
const bySeverity = (made: Made[]) =>
  [...made]
    .sort((a, b) => rank[b.severity]! - rank[a.severity]! || a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((m) => m.id);
const ids = (rows: Alert[]) => rows.map((r) => r.alert_id);

describe("GET /v1/alerts?sort=severity", () => {
  it("orders critical → low, then oldest first, then id, across pages of any size", async () => {
    const a = await account("alerts-sort-order");
    const made: Made[] = [];
    for (const [i, severity] of ["low", "critical", "medium", "critical", "high", "medium", "low", "high"].entries())
      made.push(await a.make(severity, i));
    // Ties on severity and on created_at: two more criticals at the very instant of an earlier one.
    made.push(await a.make("critical", 1), await a.make("critical", 1));
    const expected = bySeverity(made);
    expect(expected.slice(0, 5).map((id) => made.find((m) => m.id === id)!.severity)).toEqual([
      "critical",
      "critical",
      "critical",
      "critical",
      "high",
    ]);

    for (const limit of [1, 2, 3, 4, 100]) {
      const rows = await a.all("sort=severity", limit);
      expect(ids(rows), `limit ${limit}`).toEqual(expected); // no duplicate, no gap, same order
      const ranks = rows.map((r) => rank[r.severity]!);
      expect(ranks).toEqual([...ranks].sort((x, y) => y - x));
    }
    // The default order is unchanged: newest first, the same with sort=created_at.
    const newest = [...made].sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1)).map((m) => m.id);
    expect(ids(await a.all("", 3))).toEqual(newest);
    expect(ids(await a.all("sort=created_at", 3))).toEqual(newest);
  });

  it("follows severity changes (the rank is derived by the database)", async () => {
    const a = await account("alerts-sort-change");
    const first = await a.make("low", 0);
    const second = await a.make("medium", 1);
    expect(ids((await a.list("sort=severity")).data)).toEqual([second.id, first.id]);
    await api.deps.database.db.execute(sql`update alerts set severity = 'critical' where id = ${first.id}`);
    expect(ids((await a.list("sort=severity")).data)).toEqual([first.id, second.id]);
  });

  it("combines with every filter", async () => {
    const a = await account("alerts-sort-filters");
    const made = [
      await a.make("low", 0, { userIds: ["u1"] }),
      await a.make("critical", 1, { type: "identity_abuse" }),
      await a.make("high", 2, { userIds: ["u1"] }),
      await a.make("critical", 3, { userIds: ["u1"] }),
      await a.make("medium", 4, { type: "identity_abuse", userIds: ["u2"] }),
      await a.make("high", 5),
    ];
    const [low, crit1, high1, crit3, , high5] = made;
    await call(`${api.url.live}/v1/alerts/${crit3!.id}`, { method: "PATCH", headers: bearer(a.key), body: { status: "acknowledged" } });
    await call(`${api.url.live}/v1/alerts/${low!.id}`, { method: "PATCH", headers: bearer(a.key), body: { status: "resolved" } });
    const open = made.filter((m) => m !== crit3 && m !== low);
    const at = (second: number) => new Date(BASE + second * 1000).toISOString();

    expect(ids(await a.all("sort=severity", 2))).toEqual(bySeverity(open)); // status defaults to open
    expect(ids(await a.all("sort=severity&status=all", 2))).toEqual(bySeverity(made));
    expect(ids(await a.all("sort=severity&status=acknowledged", 1))).toEqual([crit3!.id]);
    expect(ids(await a.all("sort=severity&severity=high", 1))).toEqual([high1!.id, high5!.id]);
    expect(ids(await a.all("sort=severity&alert_type=identity_abuse", 1))).toEqual(
      bySeverity(made.filter((m) => m === crit1 || m === made[4])),
    );
    expect(ids(await a.all("sort=severity&user_id=u1&status=all", 1))).toEqual([crit3!.id, high1!.id, low!.id]);
    expect(ids(await a.all(`sort=severity&status=all&start_time=${at(1)}&end_time=${at(3)}`, 1))).toEqual([
      crit1!.id,
      crit3!.id,
      high1!.id,
    ]);
    expect(ids(await a.all("sort=severity&severity=low", 1))).toEqual([]);
  });

  it("refuses a cursor of the other order, and a cursor that is none (400 on after)", async () => {
    const a = await account("alerts-sort-cursor");
    for (const [i, severity] of ["low", "high", "medium"].entries()) await a.make(severity, i);
    const bySev = await a.list("sort=severity&limit=1");
    const byAge = await a.list("limit=1");
    expect(bySev.next_cursor).toBeTruthy();
    expect(byAge.next_cursor).toBeTruthy();
    for (const q of [
      `limit=1&after=${bySev.next_cursor}`,
      `sort=created_at&limit=1&after=${bySev.next_cursor}`,
      `sort=severity&limit=1&after=${byAge.next_cursor}`,
      "sort=severity&after=abc",
    ]) {
      const r = await a.get(q);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toMatchObject({
        code: "invalid_field_value",
        param: "after",
        message: "after is not a cursor returned by this API for this sort order.",
      });
    }
    // A cursor still works with the filters and order it came from.
    const next = await a.list(`sort=severity&limit=1&after=${bySev.next_cursor}`);
    expect(next.data.map((x) => x.severity)).toEqual(["medium"]);
  });

  it("validates sort like every enum", async () => {
    const a = await account("alerts-sort-validate");
    for (const q of ["sort=priority", "sort=SEVERITY", "sort=", "sort=severity&sort=created_at"]) {
      const r = await a.get(q);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toMatchObject({ code: "invalid_field_value", param: "sort" });
    }
  });

  it("is described in the OpenAPI document", async () => {
    const r = await call(`${api.url.live}/v1/openapi.json`);
    const params = r.body.paths["/v1/alerts"].get.parameters as {
      name: string;
      schema: { enum?: string[]; default?: string };
      description?: string;
    }[];
    const sort = params.find((p) => p.name === "sort");
    expect(sort?.schema).toMatchObject({ enum: ["created_at", "severity", "due_at"], default: "created_at" });
    expect(sort?.description).toMatch(/critical/);
  });
});
