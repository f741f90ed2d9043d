import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";

// Availability and workload (server/domain/desk/README.md).

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function team(name: string) {
  const person = async (role: "admin" | "lead" | "analyst", label: string) => {
    const a = await api.analyst({ role, account: name, email: `${label}-${name}@example.com` });
    await api.deps.database.db.execute(sql`update analysts set name = ${label} where id = ${a.id}`);
    return { id: a.id, h: { authorization: `Bearer ${await api.consoleToken(a.id)}` } };
  };
  const { key } = await api.key({ account: name });
  const url = (path: string) => `${api.url.live}${path}`;
  const createCase = async (body: Record<string, unknown>) => {
    const r = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "t", case_type: "payment_fraud", ...body } });
    expect(r.status).toBe(201);
    return r.body as { case_id: string; created_at: string };
  };
  const patchCase = (id: string, body: Record<string, unknown>) =>
    call(url(`/v1/cases/${id}`), { method: "PATCH", headers: bearer(key), body });
  return { person, url, createCase, patchCase };
}

describe("PUT /api/v1/analysts/{id}/availability", () => {
  it("an analyst sets their own; leads and admins anyone's; others are refused", async () => {
    const t = await team("desk-availability");
    const ana = await t.person("analyst", "Ana");
    const bob = await t.person("analyst", "Bob");
    const lead = await t.person("lead", "Lea");
    const put = (who: { h: Record<string, string> }, id: string, availability: unknown) =>
      call(t.url(`/api/v1/analysts/${id}/availability`), { method: "PUT", headers: who.h, body: { availability } });
    const away = await put(ana, ana.id, "away");
    expect(away.status).toBe(200);
    expect(away.body).toMatchObject({ object: "analyst", id: ana.id, availability: "away" });
    expect(away.body.availability_changed_at).not.toBeNull();
    const refused = await put(ana, bob.id, "away");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_permissions");
    expect((await put(lead, bob.id, "away")).body.availability).toBe("away");
    expect((await put(lead, ana.id, "available")).body.availability).toBe("available");
    const bad = await put(ana, ana.id, "busy");
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("availability");
    expect((await put(lead, "ana_nobody", "away")).status).toBe(404);
    const stranger = await api.analyst({ role: "analyst", account: "desk-availability-other" });
    expect((await put(lead, stranger.id, "away")).status).toBe(404);
    const list = await call(t.url("/api/v1/analysts"), { headers: lead.h });
    expect(list.body.data.find((a: { id: string }) => a.id === bob.id).availability).toBe("away");
  });

  it("a disabled analyst cannot be made available", async () => {
    const t = await team("desk-disabled");
    const admin = await t.person("admin", "Ada");
    const gone = await t.person("analyst", "Gus");
    await call(t.url(`/api/v1/analysts/${gone.id}`), { method: "PATCH", headers: admin.h, body: { disabled: true } });
    const r = await call(t.url(`/api/v1/analysts/${gone.id}/availability`), {
      method: "PUT",
      headers: admin.h,
      body: { availability: "available" },
    });
    expect(r.status).toBe(422);
    expect(r.body.error.param).toBe("availability");
  });
});

describe("GET /api/v1/workload", () => {
  it("lists every enabled analyst, the idle ones included, with counts, the oldest age and resolutions", async () => {
    const t = await team("desk-workload");
    const lead = await t.person("lead", "Lea");
    const busy = await t.person("analyst", "Ana");
    const idle = await t.person("analyst", "Ivo");
    const gone = await t.person("analyst", "Gus");
    const admin = await t.person("admin", "Ada");
    await call(t.url(`/api/v1/analysts/${gone.id}`), { method: "PATCH", headers: admin.h, body: { disabled: true } });
    await call(t.url(`/api/v1/analysts/${idle.id}/availability`), { method: "PUT", headers: idle.h, body: { availability: "away" } });
    const first = await t.createCase({ assignee_id: busy.id, severity: "critical" });
    await t.createCase({ assignee_id: busy.id });
    const reviewing = await t.createCase({ assignee_id: busy.id });
    await t.patchCase(reviewing.case_id, { status: "in_review" });
    const done = await t.createCase({ assignee_id: busy.id });
    await t.patchCase(done.case_id, { status: "resolved", resolution: "inconclusive" });
    await t.createCase({});
    // The first case is past due; a resolution 8 days old falls out of the 7-day window.
    await api.deps.database.db.execute(sql`update cases set due_at = now() - interval '1 minute' where id = ${first.case_id}`);
    const [acct] = await rows<{ account_id: string }>(api.deps.database.db, sql`select account_id from cases where id = ${first.case_id}`);
    await api.deps.database.db.execute(
      sql`insert into case_events (id, account_id, environment, case_id, action, actor_id, details, seq, created_at)
          values ('cevt_old', ${acct!.account_id}, 'live', ${reviewing.case_id}, 'status_changed', 'x', '{"from":"open","to":"resolved"}', 99, now() - interval '8 days')`,
    );

    const r = await call(t.url("/api/v1/workload?time_zone=Europe/Paris"), { headers: lead.h });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "workload", environment: "live", time_zone: "Europe/Paris" });
    expect(r.body.data.map((w: { name: string }) => w.name)).toEqual(["Ada", "Ana", "Ivo", "Lea"]);
    const of = (id: string) => r.body.data.find((w: { analyst_id: string }) => w.analyst_id === id);
    expect(of(busy.id)).toMatchObject({
      open: 2,
      in_review: 1,
      overdue: 1,
      oldest_created_at: first.created_at,
      resolved_today: 1,
      resolved_7d: 1,
      availability: "available",
    });
    expect(of(busy.id).oldest_age_seconds).toBeGreaterThanOrEqual(0);
    expect(of(idle.id)).toEqual({
      object: "analyst_workload",
      analyst_id: idle.id,
      name: "Ivo",
      email: expect.any(String),
      role: "analyst",
      availability: "away",
      open: 0,
      in_review: 0,
      overdue: 0,
      oldest_created_at: null,
      oldest_age_seconds: null,
      resolved_today: 0,
      resolved_7d: 0,
    });
    expect(of(gone.id)).toBeUndefined();
    expect(r.body.unassigned).toMatchObject({ open: 1, in_review: 0, overdue: 0 });
    // The test environment has its own cases: nobody holds anything there.
    const sandbox = await call(`${api.url.test}/api/v1/workload`, { headers: lead.h });
    expect(sandbox.body.data.every((w: { open: number }) => w.open === 0)).toBe(true);
    const bad = await call(t.url("/api/v1/workload?time_zone=Mars/Olympus"), { headers: lead.h });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("time_zone");
  });
});
