import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Case = { case_id: string; severity: string; status: string; assignee_id: string | null; events: { action: string }[] };

async function account(name: string) {
  const { key, accountId } = await api.key({ account: name });
  await api.subscribe(accountId, { events: ["case.updated"] });
  const url = (path: string) => `${api.url.live}${path}`;
  const create = async (body: Record<string, unknown>) => {
    const r = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "t", case_type: "payment_fraud", ...body } });
    expect(r.status).toBe(201);
    return r.body as Case;
  };
  const list = async (q: string) => {
    const r = await call(url(`/v1/cases?${q}`), { headers: bearer(key) });
    expect(r.status, q).toBe(200);
    return r.body as { data: Case[]; has_more: boolean; next_cursor: string | null };
  };
  const all = async (q: string, limit = 2) => {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page = await list(`${q}&limit=${limit}${after ? `&after=${after}` : ""}`);
      ids.push(...page.data.map((c) => c.case_id));
      after = page.next_cursor;
    } while (after);
    return ids;
  };
  const claim = (body: Record<string, unknown>) => call(url("/v1/cases/claim"), { headers: bearer(key), body });
  return { key, url, create, list, all, claim };
}

describe("GET /v1/cases", () => {
  it("lists newest first with every filter", async () => {
    const a = await account("queue-filters");
    const c1 = await a.create({ severity: "low", user_id: "u1", case_type: "chargeback" });
    const c2 = await a.create({ severity: "high", assignee_id: "ana_1", user_id: "u2" });
    const c3 = await a.create({ severity: "high", case_type: "identity_fraud" });
    await call(a.url(`/v1/cases/${c3.case_id}`), { method: "PATCH", headers: bearer(a.key), body: { status: "in_review" } });

    expect(await a.all("sort=created_at")).toEqual([c3.case_id, c2.case_id, c1.case_id]);
    expect(await a.all("")).toEqual([c3.case_id, c2.case_id, c1.case_id]);
    expect(await a.all("status=open")).toEqual([c2.case_id, c1.case_id]);
    expect(await a.all("status=in_review")).toEqual([c3.case_id]);
    expect(await a.all("severity=high")).toEqual([c3.case_id, c2.case_id]);
    expect(await a.all("case_type=chargeback")).toEqual([c1.case_id]);
    expect(await a.all("assignee_id=ana_1")).toEqual([c2.case_id]);
    expect(await a.all("assignee_id=none")).toEqual([c3.case_id, c1.case_id]);
    expect(await a.all("user_id=u2")).toEqual([c2.case_id]);
    const page = await a.list("limit=1");
    expect(page.data[0]!.events.map((e) => e.action)).toEqual(["created", "status_changed"]);
  });

  it("sorts by priority (severity, then oldest first) with its own stable cursor", async () => {
    const a = await account("queue-priority");
    const made: Case[] = [];
    for (const severity of ["low", "critical", "medium", "critical", "high", "medium", "low"]) made.push(await a.create({ severity }));
    const rank = { critical: 4, high: 3, medium: 2, low: 1 } as Record<string, number>;
    const expected = made
      .map((c, i) => ({ id: c.case_id, r: rank[c.severity]!, i }))
      .sort((x, y) => y.r - x.r || x.i - y.i)
      .map((x) => x.id);
    expect(await a.all("sort=priority", 2)).toEqual(expected);
    expect(await a.all("sort=priority", 3)).toEqual(expected);
    expect(await a.all("sort=priority&severity=medium", 1)).toEqual(
      expected.filter((id) => made.find((c) => c.case_id === id)!.severity === "medium"),
    );
    // A cursor of one order is refused by the other.
    const p = await a.list("sort=priority&limit=1");
    const wrong = await call(a.url(`/v1/cases?limit=1&after=${p.next_cursor}`), { headers: bearer(a.key) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "invalid_field_value", param: "after" });
    const garbage = await call(a.url("/v1/cases?sort=priority&after=abc"), { headers: bearer(a.key) });
    expect(garbage.body.error).toMatchObject({ code: "invalid_field_value", param: "after" });
  });

  it("validates filters", async () => {
    const a = await account("queue-validate");
    for (const [q, param] of [
      ["status=pending", "status"],
      ["severity=x", "severity"],
      ["case_type=x", "case_type"],
      ["sort=age", "sort"],
      ["limit=101", "limit"],
    ]) {
      const r = await call(a.url(`/v1/cases?${q}`), { headers: bearer(a.key) });
      expect(r.status, q).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
    }
  });
});

describe("POST /v1/cases/claim", () => {
  it("assigns the highest-priority unassigned open case, then the next, then 404", async () => {
    const a = await account("queue-claim");
    const low = await a.create({ severity: "low" });
    const critical = await a.create({ severity: "critical" });
    await a.create({ severity: "critical", assignee_id: "ana_busy" });
    const inReview = await a.create({ severity: "critical" });
    await call(a.url(`/v1/cases/${inReview.case_id}`), { method: "PATCH", headers: bearer(a.key), body: { status: "in_review" } });

    const first = await a.claim({ assignee_id: "ana_1", actor_id: "ana_1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: "case", case_id: critical.case_id, assignee_id: "ana_1" });
    expect(first.body.events.at(-1)).toMatchObject({ action: "assignee_changed", from: null, to: "ana_1", actor_id: "ana_1" });
    const hooks = await rows<{ n: number }>(
      api.deps.database.db,
      sql`select count(*)::int as n from webhook_events where type = 'case.updated' and data->>'case_id' = ${critical.case_id}`,
    );
    expect(hooks[0]!.n).toBe(1);
    expect((await a.claim({ assignee_id: "ana_2" })).body.case_id).toBe(low.case_id);
    const none = await a.claim({ assignee_id: "ana_3" });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("resource_not_found");
    const missing = await a.claim({});
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "assignee_id" });
  });

  it("never gives one case to two analysts claiming at once", async () => {
    const a = await account("queue-race");
    const made = [];
    for (let i = 0; i < 6; i++) made.push((await a.create({ severity: i % 2 ? "high" : "medium" })).case_id);
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => a.claim({ assignee_id: `ana_${i}` })));
    const won = claims.filter((r) => r.status === 200).map((r) => r.body.case_id as string);
    expect(claims.filter((r) => r.status === 404)).toHaveLength(2);
    expect(new Set(won).size).toBe(6);
    expect([...won].sort()).toEqual([...made].sort());
    for (const id of made) {
      const c = (await call(a.url(`/v1/cases/${id}`), { headers: bearer(a.key) })).body as Case;
      expect(c.events.filter((e) => e.action === "assignee_changed")).toHaveLength(1);
    }
  });
});
