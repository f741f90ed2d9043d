import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import type { Scope } from "../../../db/scope";
import { recordCaseBreaches } from "../../../domain/cases";
import { raiseAlerts, recordAlertBreaches } from "../../../domain/alerts";

// SLAs on cases and alerts (server/domain/sla/README.md): due_at from the policy, sla_state, the
// filter and the due-time order, and a breach recorded once (audit entry and webhook).

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const H = 3_600_000;
type Case = {
  case_id: string;
  severity: string;
  status: string;
  version: number;
  due_at: string;
  created_at: string;
  sla_state: string;
  events: { action: string; actor_id: string; due_at?: string }[];
};

async function account(name: string) {
  const { key, accountId } = await api.key({ account: name });
  const scope: Scope = { accountId, environment: "live" };
  await api.subscribe(accountId, { events: ["case.sla_breached", "alert.sla_breached"] });
  const admin = { authorization: `Bearer ${await api.consoleToken((await api.analyst({ role: "admin", account: name })).id)}` };
  const url = (path: string) => `${api.url.live}${path}`;
  const create = async (body: Record<string, unknown> = {}) => {
    const r = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "t", case_type: "payment_fraud", ...body } });
    expect(r.status).toBe(201);
    return r.body as Case;
  };
  const get = async (id: string) => (await call(url(`/v1/cases/${id}`), { headers: bearer(key) })).body as Case;
  const list = async (q: string) => {
    const r = await call(url(`/v1/cases?${q}`), { headers: bearer(key) });
    expect(r.status, q).toBe(200);
    return r.body as { data: Case[]; has_more: boolean; next_cursor: string | null };
  };
  return { key, scope, admin, url, create, get, list };
}

const db = () => api.deps.database.db;
/** Moves an item's clock: created `agoMs` ago, due `dueInMs` from now (negative: past due), in ms as the trigger writes them. */
const setClock = (table: "cases" | "alerts", id: string, agoMs: number, dueInMs: number) =>
  db().execute(
    sql`update ${sql.identifier(table)} set created_at = date_trunc('milliseconds', now() - ${`${agoMs} milliseconds`}::interval), due_at = date_trunc('milliseconds', now() + ${`${dueInMs} milliseconds`}::interval) where id = ${id}`,
  );
const webhooks = (type: string, id: string, field: string) =>
  rows<{ n: number }>(db(), sql`select count(*)::int as n from webhook_events where type = ${type} and data->>${field} = ${id}`);

describe("SLAs on cases", () => {
  it("a new case is due at created_at + the policy's due time for its severity; a severity change moves it", async () => {
    const a = await account("sla-cases-due");
    const dflt = await a.create({ severity: "critical" });
    expect(Date.parse(dflt.due_at) - Date.parse(dflt.created_at)).toBe(4 * H);
    expect(dflt.sla_state).toBe("on_track");
    const H_S = 3_600;
    const policy = { critical: 1 * H_S, high: 2 * H_S, medium: 3 * H_S, low: 5 * H_S };
    const put = await call(a.url("/api/v1/policies/sla"), {
      method: "PUT",
      headers: a.admin,
      body: { case_due_seconds: policy, alert_due_seconds: policy },
    });
    expect(put.status).toBe(200);
    // Existing cases keep their due time; new ones use the new policy.
    expect((await a.get(dflt.case_id)).due_at).toBe(dflt.due_at);
    const c = await a.create({ severity: "high" });
    expect(Date.parse(c.due_at) - Date.parse(c.created_at)).toBe(2 * H);
    const moved = await call(a.url(`/v1/cases/${c.case_id}`), { method: "PATCH", headers: bearer(a.key), body: { severity: "low" } });
    expect(Date.parse(moved.body.due_at) - Date.parse(c.created_at)).toBe(5 * H);
  });

  it("is due soon in the last 20 % of its time; a breach is recorded once: one audit entry, one webhook, the version unchanged", async () => {
    const a = await account("sla-cases-breach");
    const soon = await a.create();
    await setClock("cases", soon.case_id, 9 * H, 1 * H); // 1 h left of 10: due soon
    expect((await a.get(soon.case_id)).sla_state).toBe("due_soon");
    const late = await a.create({ severity: "high" });
    await setClock("cases", late.case_id, 5 * H, -1 * H);
    const before = await a.get(late.case_id);
    expect(before.sla_state).toBe("breached"); // by the clock, before the sweep records it
    expect(await recordCaseBreaches(db(), api.deps.jobs)).toBeGreaterThanOrEqual(1);
    await recordCaseBreaches(db(), api.deps.jobs);
    const after = await a.get(late.case_id);
    expect(after.events.filter((e) => e.action === "sla_breached")).toEqual([
      expect.objectContaining({ actor_id: "system:sla", due_at: before.due_at }),
    ]);
    expect(after.version).toBe(before.version);
    expect((await webhooks("case.sla_breached", late.case_id, "case_id"))[0]!.n).toBe(1);
    expect((await a.get(soon.case_id)).events.map((e) => e.action)).not.toContain("sla_breached");
    // Resolved after the breach: still breached. Resolved in time: met.
    await call(a.url(`/v1/cases/${late.case_id}`), {
      method: "PATCH",
      headers: bearer(a.key),
      body: { status: "resolved", resolution: "inconclusive" },
    });
    expect((await a.get(late.case_id)).sla_state).toBe("breached");
    const done = await call(a.url(`/v1/cases/${soon.case_id}`), {
      method: "PATCH",
      headers: bearer(a.key),
      body: { status: "resolved", resolution: "inconclusive" },
    });
    expect(done.body.sla_state).toBe("met");
    await setClock("cases", soon.case_id, 20 * H, -10 * H);
    await recordCaseBreaches(db(), api.deps.jobs);
    expect((await a.get(soon.case_id)).sla_state).toBe("met");
  });

  it("lists filter by sla_state and sort by due_at (soonest first) across pages with its own cursor", async () => {
    const a = await account("sla-cases-list");
    const made: { id: string; due: number }[] = [];
    const clocks: [number, number][] = [
      [1 * H, 30 * H],
      [9 * H, 1 * H],
      [5 * H, -2 * H],
      [2 * H, 20 * H],
      [1 * H, 10 * H],
    ];
    for (const [ago, dueIn] of clocks) {
      const c = await a.create();
      await setClock("cases", c.case_id, ago, dueIn);
      made.push({ id: c.case_id, due: Date.parse((await a.get(c.case_id)).due_at) });
    }
    const done = await a.create();
    await call(a.url(`/v1/cases/${done.case_id}`), {
      method: "PATCH",
      headers: bearer(a.key),
      body: { status: "resolved", resolution: "inconclusive" },
    });
    const ids = (p: { data: Case[] }) => p.data.map((c) => c.case_id);
    expect(ids(await a.list("sla_state=breached"))).toEqual([made[2]!.id]);
    expect(ids(await a.list("sla_state=due_soon"))).toEqual([made[1]!.id]);
    expect(ids(await a.list("sla_state=met"))).toEqual([done.case_id]);
    expect(new Set(ids(await a.list("sla_state=on_track")))).toEqual(new Set([made[0]!.id, made[3]!.id, made[4]!.id]));
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { data: Case[]; next_cursor: string | null } = await a.list(
        `sort=due_at&status=open&limit=2${after ? `&after=${after}` : ""}`,
      );
      seen.push(...ids(page));
      after = page.next_cursor;
    } while (after);
    expect(seen).toEqual([...made].sort((x, y) => x.due - y.due).map((m) => m.id));
    const cursor = (await a.list("sort=due_at&limit=1")).next_cursor!;
    const wrong = await call(a.url(`/v1/cases?sort=created_at&after=${cursor}`), { headers: bearer(a.key) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.param).toBe("after");
    const bad = await call(a.url("/v1/cases?sla_state=late"), { headers: bearer(a.key) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("sla_state");
  });
});

describe("SLAs on alerts", () => {
  it("an alert is due by the alert policy; its breach is recorded once, with alert.sla_breached", async () => {
    const a = await account("sla-alerts");
    const [raised] = await raiseAlerts(db(), api.deps.jobs, a.scope, [
      { type: "card_testing", key: `k-${Date.now()}`, confidence: 0.5, userIds: [], transactionIds: [], summary: "pattern" },
    ]);
    const id = raised!.alert.id;
    const get = async () => (await call(a.url(`/v1/alerts/${id}`), { headers: bearer(a.key) })).body;
    const fresh = await get();
    const hours: Record<string, number> = { critical: 4, high: 24, medium: 72, low: 168 };
    expect(Date.parse(fresh.due_at) - Date.parse(fresh.created_at)).toBe(hours[fresh.severity]! * H);
    expect(fresh.sla_state).toBe("on_track");
    await setClock("alerts", id, 5 * H, -1 * H);
    await recordAlertBreaches(db(), api.deps.jobs);
    await recordAlertBreaches(db(), api.deps.jobs);
    const late = await get();
    expect(late.sla_state).toBe("breached");
    expect(late.version).toBe(fresh.version);
    expect((await webhooks("alert.sla_breached", id, "alert_id"))[0]!.n).toBe(1);
    const list = await call(a.url("/v1/alerts?sla_state=breached&sort=due_at"), { headers: bearer(a.key) });
    expect(list.body.data.map((x: { alert_id: string }) => x.alert_id)).toEqual([id]);
  });
});
