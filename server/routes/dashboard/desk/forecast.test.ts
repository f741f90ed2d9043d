import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";

// GET /api/v1/forecast (server/domain/desk/README.md, "Breach forecast").

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe("GET /api/v1/forecast", () => {
  it("forecasts each severity's queue from the window's inflow, clearance and analysts", async () => {
    const { key } = await api.key({ account: "desk-forecast" });
    const lead = await api.analyst({ role: "lead", account: "desk-forecast" });
    const h = { authorization: `Bearer ${await api.consoleToken(lead.id)}` };
    const url = (path: string) => `${api.url.live}${path}`;
    const open = async (severity: string) => {
      const r = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "t", case_type: "payment_fraud", severity } });
      expect(r.status).toBe(201);
      return r.body.case_id as string;
    };
    // Two critical cases resolved in the window (by one actor: the key), three still waiting.
    for (const id of [await open("critical"), await open("critical")]) {
      const r = await call(url(`/v1/cases/${id}`), {
        method: "PATCH",
        headers: bearer(key),
        body: { status: "resolved", resolution: "inconclusive" },
      });
      expect(r.status).toBe(200);
    }
    const soon = await open("critical");
    const later = await open("critical");
    const far = await open("critical");
    const db = api.deps.database.db;
    await db.execute(sql`update cases set due_at = now() + interval '1 hour' where id = ${soon}`);
    await db.execute(sql`update cases set due_at = now() + interval '3 hours' where id = ${later}`);
    await db.execute(sql`update cases set due_at = now() + interval '20 hours' where id = ${far}`);
    // A case opened before the window counts in the backlog, not in the inflow.
    const old = await open("low");
    await db.execute(sql`update cases set created_at = now() - interval '9 hours' where id = ${old}`);

    const r = await call(url("/api/v1/forecast?window_hours=4"), { headers: h });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "forecast", environment: "live", window_hours: 4, analysts_available: 1 });
    expect(r.body.data.map((s: { severity: string }) => s.severity)).toEqual(["critical", "high", "medium", "low"]);
    const critical = r.body.data[0];
    // 5 opened and 2 resolved in 4 h by one analyst: inflow 1.25/h, clearance 0.5/h. The first
    // waiting case is reached after 2 h but is due in 1 h: it breaches then. Keeping up takes
    // 1.25/h (the arrivals), 2.5 analysts at 0.5/h each: 3.
    expect(critical).toMatchObject({
      object: "severity_forecast",
      due_seconds: 4 * 3_600,
      opened: 5,
      resolved: 2,
      analysts_resolving: 1,
      inflow_per_hour: 1.25,
      cleared_per_hour: 0.5,
      backlog: 3,
      overdue: 0,
      per_analyst_per_hour: 0.5,
      breach_cause: "backlog",
      analysts_needed: 3,
    });
    const [due] = await rows<{ due_at: Date | string }>(db, sql`select due_at from cases where id = ${soon}`);
    expect(Math.abs(Date.parse(critical.breach_at) - new Date(due!.due_at).getTime())).toBeLessThanOrEqual(1000);
    // Nothing at all in high; low has a backlog but no pace to go by.
    expect(r.body.data[1]).toMatchObject({ backlog: 0, opened: 0, breach_at: null, breach_cause: null, analysts_needed: null });
    expect(r.body.data[3]).toMatchObject({ backlog: 1, opened: 0, resolved: 0, per_analyst_per_hour: null, analysts_needed: null });
    expect(Date.parse(r.body.data[3].breach_at)).toBeGreaterThan(Date.now());

    // The test environment is a queue of its own, empty here.
    const sandbox = await call(`${api.url.test}/api/v1/forecast`, { headers: h });
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.window_hours).toBe(8);
    expect(sandbox.body.data.every((s: { backlog: number; opened: number }) => s.backlog === 0 && s.opened === 0)).toBe(true);
  });

  it("refuses a window outside 1 to 168 hours, naming it, and API keys", async () => {
    const { key } = await api.key({ account: "desk-forecast-bad" });
    const analyst = await api.analyst({ role: "analyst", account: "desk-forecast-bad" });
    const h = { authorization: `Bearer ${await api.consoleToken(analyst.id)}` };
    for (const w of ["0", "169", "x"]) {
      const r = await call(`${api.url.live}/api/v1/forecast?window_hours=${w}`, { headers: h });
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe("window_hours");
    }
    const withKey = await call(`${api.url.live}/api/v1/forecast`, { headers: bearer(key) });
    expect(withKey.status).toBe(403);
  });
});
