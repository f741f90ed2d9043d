import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";

// Saved views (server/domain/desk/README.md, "Saved views"): /api/v1/views and its default.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Person = { id: string; h: Record<string, string> };

async function team(name: string) {
  const person = async (role: "admin" | "lead" | "analyst", label: string, account = name): Promise<Person> => {
    const a = await api.analyst({ role, account, email: `${label}-${account}@example.com` });
    await api.deps.database.db.execute(sql`update analysts set name = ${label} where id = ${a.id}`);
    return { id: a.id, h: { authorization: `Bearer ${await api.consoleToken(a.id)}` } };
  };
  const url = (path: string, env: "live" | "test" = "live") => `${api.url[env]}${path}`;
  const list = async (who: Person, queue = "cases", env: "live" | "test" = "live") => {
    const r = await call(url(`/api/v1/views?queue=${queue}`, env), { headers: who.h });
    expect(r.status).toBe(200);
    return r.body.data as { id: string; name: string; shared: boolean; is_default: boolean; owner_name: string }[];
  };
  const create = (who: Person, body: Record<string, unknown>) =>
    call(url("/api/v1/views"), { headers: who.h, body: { queue: "cases", sort: "priority", filters: {}, ...body } });
  const patch = (who: Person, id: string, body: unknown, version?: number) =>
    call(url(`/api/v1/views/${id}`), {
      method: "PATCH",
      headers: { ...who.h, ...(version !== undefined ? { "if-match": `"${version}"` } : {}) },
      body,
    });
  const remove = (who: Person, id: string) => call(url(`/api/v1/views/${id}`), { method: "DELETE", headers: who.h });
  const setDefault = (who: Person, queue: string, view_id: string | null) =>
    call(url("/api/v1/views/default"), { method: "PUT", headers: who.h, body: { queue, view_id } });
  return { person, url, list, create, patch, remove, setDefault };
}

const count = async () => (await rows<{ n: number }>(api.deps.database.db, sql`select count(*)::int as n from saved_views`))[0]!.n;

describe("/api/v1/views", () => {
  it("saves a view; a lead shares one; each analyst sees their own and the team's, never another's own", async () => {
    const t = await team("views-visible");
    const ana = await t.person("analyst", "Ana");
    const bob = await t.person("analyst", "Bob");
    const lead = await t.person("lead", "Lea");
    const mine = await t.create(ana, { name: "My breached", filters: { sla_state: "breached", status: "open" }, sort: "due_at" });
    expect(mine.status).toBe(201);
    expect(mine.headers.get("etag")).toBe('"1"');
    expect(mine.body).toMatchObject({
      object: "saved_view",
      queue: "cases",
      name: "My breached",
      filters: { sla_state: "breached", status: "open" },
      sort: "due_at",
      shared: false,
      owner_id: ana.id,
      owner_name: "Ana",
      is_default: false,
      version: 1,
    });
    expect(mine.body.id).toMatch(/^view_/);
    const teamView = await t.create(lead, { name: "Critical, oldest", filters: { severity: "critical", age: "24h" }, shared: true });
    expect(teamView.status).toBe(201);
    expect(teamView.body.shared).toBe(true);
    await t.create(lead, { name: "Lea's own", filters: {} });
    // The other queue's views stay apart.
    expect((await t.create(ana, { queue: "alerts", name: "Open", filters: { status: "open" }, sort: "severity" })).status).toBe(201);

    expect((await t.list(ana)).map((v) => v.name)).toEqual(["My breached", "Critical, oldest"]);
    expect((await t.list(bob)).map((v) => v.name)).toEqual(["Critical, oldest"]);
    expect((await t.list(lead)).map((v) => v.name)).toEqual(["Critical, oldest", "Lea's own"]);
    expect((await t.list(ana, "alerts")).map((v) => v.name)).toEqual(["Open"]);
    // Another account's analyst and the other environment see none of it.
    const stranger = await t.person("lead", "Sam", "views-visible-other");
    expect(await t.list(stranger)).toEqual([]);
    expect(await t.list(ana, "cases", "test")).toEqual([]);

    // Another analyst's own view is not found to anyone else, whatever they do with it.
    expect((await t.patch(bob, mine.body.id, { name: "x" })).status).toBe(404);
    expect((await t.remove(lead, mine.body.id)).status).toBe(404);
    expect((await t.remove(stranger, teamView.body.id)).status).toBe(404);
    expect((await t.setDefault(bob, "cases", mine.body.id)).status).toBe(404);
    // A shared view: others see it but only its owner changes it; a lead or admin may delete it.
    const notYours = await t.patch(bob, teamView.body.id, { name: "x" });
    expect(notYours.status).toBe(403);
    expect(notYours.body.error.code).toBe("insufficient_permissions");
    expect((await t.remove(bob, teamView.body.id)).status).toBe(403);
    const admin = await t.person("admin", "Adi");
    expect((await t.remove(admin, teamView.body.id)).body).toEqual({ object: "saved_view", id: teamView.body.id, deleted: true });
    expect((await t.list(bob)).map((v) => v.name)).toEqual([]);
  });

  it("an analyst cannot share a view (403, nothing saved); a lead can, and unsharing drops the others' default", async () => {
    const t = await team("views-share");
    const ana = await t.person("analyst", "Ana");
    const lead = await t.person("lead", "Lea");
    const before = await count();
    const refused = await t.create(ana, { name: "Team", shared: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "insufficient_permissions", param: "shared" });
    expect(await count()).toBe(before);
    const own = (await t.create(ana, { name: "Own" })).body;
    expect((await t.patch(ana, own.id, { shared: true })).status).toBe(403);

    const shared = (await t.create(lead, { name: "Team", shared: true })).body;
    expect((await t.setDefault(ana, "cases", shared.id)).status).toBe(200);
    expect((await t.list(ana)).find((v) => v.id === shared.id)?.is_default).toBe(true);
    expect((await t.patch(lead, shared.id, { shared: false })).body).toMatchObject({ shared: false, version: 2 });
    expect(await t.list(ana)).toHaveLength(1);
    const left = await rows(api.deps.database.db, sql`select * from saved_view_defaults where view_id = ${shared.id}`);
    expect(left).toEqual([]);
  });

  it("refuses bad input with a 400 naming the field, and changes nothing", async () => {
    const t = await team("views-bad");
    const lead = await t.person("lead", "Lea");
    const stranger = await t.person("analyst", "Sam", "views-bad-other");
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "a", filters: { colour: "red" } }, "filters.colour"],
      [{ name: "a", filters: { severity: "urgent" } }, "filters.severity"],
      [{ name: "a", filters: { age: "2h" } }, "filters.age"],
      [{ name: "a", filters: { alert_type: "card_testing" } }, "filters.alert_type"],
      [{ name: "a", filters: { status: 3 } }, "filters.status"],
      [{ name: "a", filters: { assignee_id: stranger.id } }, "filters.assignee_id"],
      [{ queue: "alerts", name: "a", sort: "priority" }, "sort"],
      [{ queue: "alerts", name: "a", sort: "created_at", filters: { end_time: "2026-02-30" } }, "filters.end_time"],
      [{ name: "a", sort: "name" }, "sort"],
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(81) }, "name"],
      [{ queue: "screenings", name: "a" }, "queue"],
      [{ name: "a", colour: "red" }, ""],
    ];
    for (const [body, param] of bad) {
      const r = await t.create(lead, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (param) expect(r.body.error.param, JSON.stringify(body)).toBe(param);
      expect(r.body.error.message.length).toBeGreaterThan(5);
    }
    const missing = await call(t.url("/api/v1/views"), { headers: lead.h, body: { queue: "cases", name: "a" } });
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "sort" });
    const noQueue = await call(t.url("/api/v1/views?queue=tasks"), { headers: lead.h });
    expect(noQueue.body.error).toMatchObject({ code: "invalid_field_value", param: "queue" });
    expect(await t.list(lead)).toEqual([]);

    // Accepted: the exact 80 characters, unassigned, whoever opens the view, an analyst of the account.
    expect((await t.create(lead, { name: "x".repeat(80), filters: { assignee_id: "none" } })).status).toBe(201);
    const each = await t.create(lead, { name: "Each one's own", filters: { assignee_id: "me" }, shared: true });
    expect(each.status, JSON.stringify(each.body)).toBe(201);
    expect(each.body.filters).toEqual({ assignee_id: "me" });
    expect((await t.create(lead, { name: "Mine", filters: { assignee_id: lead.id } })).status).toBe(201);
    const taken = await t.create(lead, { name: "MINE" });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "saved_view_name_taken", param: "name" });
    // A bad change leaves the view as it was.
    const view = (await t.list(lead)).find((v) => v.name === "Mine")!;
    expect((await t.patch(lead, view.id, { filters: { sla_state: "late" } })).body.error.param).toBe("filters.sla_state");
    expect((await t.patch(lead, view.id, { name: "x".repeat(80) })).status).toBe(409);
    expect((await t.patch(lead, view.id, {})).body.error.code).toBe("missing_required_field");
    const after = (await call(t.url("/api/v1/views?queue=cases"), { headers: lead.h })).body.data.find(
      (v: { id: string }) => v.id === view.id,
    );
    expect(after).toMatchObject({ name: "Mine", filters: { assignee_id: lead.id }, version: 1 });
  });

  it("a stale If-Match is 409 CONFLICT naming the current version, nothing changed", async () => {
    const t = await team("views-version");
    const ana = await t.person("analyst", "Ana");
    const view = (await t.create(ana, { name: "A" })).body;
    const first = await t.patch(ana, view.id, { name: "B", sort: "created_at" }, 1);
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe('"2"');
    expect(first.body).toMatchObject({ name: "B", sort: "created_at", version: 2 });
    const stale = await t.patch(ana, view.id, { name: "C" }, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    expect(stale.body.error.message).toContain("version is 2");
    expect((await t.list(ana))[0]).toMatchObject({ name: "B", version: 2 });
    const staleDelete = await call(t.url(`/api/v1/views/${view.id}`), { method: "DELETE", headers: { ...ana.h, "if-match": '"1"' } });
    expect(staleDelete.status).toBe(409);
    expect(await t.list(ana)).toHaveLength(1);
  });

  it("the default: one per analyst and queue, a visible view of that queue, cleared with null or with the view", async () => {
    const t = await team("views-default");
    const ana = await t.person("analyst", "Ana");
    const bob = await t.person("analyst", "Bob");
    const a = (await t.create(ana, { name: "A" })).body;
    const b = (await t.create(ana, { name: "B" })).body;
    const alerts = (await t.create(ana, { queue: "alerts", name: "Alerts", sort: "created_at" })).body;
    const set = await t.setDefault(ana, "cases", a.id);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ object: "saved_view_default", queue: "cases", view: { id: a.id, is_default: true } });
    await t.setDefault(ana, "cases", b.id);
    await t.setDefault(ana, "alerts", alerts.id);
    expect((await t.list(ana)).map((v) => [v.name, v.is_default])).toEqual([
      ["A", false],
      ["B", true],
    ]);
    expect((await t.list(ana, "alerts"))[0]!.is_default).toBe(true);
    // Bob's default is his own business.
    expect((await t.setDefault(bob, "cases", b.id)).status).toBe(404);

    const wrongQueue = await t.setDefault(ana, "cases", alerts.id);
    expect(wrongQueue.status).toBe(400);
    expect(wrongQueue.body.error.param).toBe("view_id");
    const missing = await call(t.url("/api/v1/views/default"), { method: "PUT", headers: ana.h, body: { queue: "cases" } });
    expect(missing.body.error).toMatchObject({ code: "missing_required_field", param: "view_id" });
    expect((await t.setDefault(ana, "cases", "view_nothing")).body.error).toMatchObject({ code: "resource_not_found", param: "view_id" });
    expect((await t.list(ana)).find((v) => v.is_default)?.id).toBe(b.id);

    // The database holds one default per analyst and queue, whoever writes.
    await expect(
      api.deps.database.db.execute(
        sql`insert into saved_view_defaults (account_id, environment, analyst_id, queue, view_id)
            select account_id, environment, ${ana.id}, 'cases', ${a.id} from saved_views where id = ${a.id}`,
      ),
    ).rejects.toThrow();

    expect((await t.setDefault(ana, "cases", null)).body).toEqual({ object: "saved_view_default", queue: "cases", view: null });
    expect((await t.list(ana)).some((v) => v.is_default)).toBe(false);
    // Deleting a view removes the defaults on it.
    await t.remove(ana, alerts.id);
    const left = await rows(api.deps.database.db, sql`select * from saved_view_defaults where analyst_id = ${ana.id}`);
    expect(left).toEqual([]);
  });

  it("takes only the console's token: an API key is 403", async () => {
    const { key } = await api.key({ account: "views-key" });
    const r = await call(`${api.url.live}/api/v1/views?queue=cases`, { headers: { "x-api-key": key } });
    expect(r.status).toBe(403);
  });
});
