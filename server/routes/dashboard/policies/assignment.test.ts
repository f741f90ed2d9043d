import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pino from "pino";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import type { JobRow } from "../../../jobs/runner";
import { caseJobs } from "../../../domain/cases/jobs";

// GET/PUT /api/v1/policies/assignment and automatic assignment (server/domain/desk/README.md).

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Case = {
  case_id: string;
  assignee_id: string | null;
  version: number;
  events: { action: string; actor_id: string; from?: string | null; to?: string | null; reason?: string }[];
};

async function team(name: string) {
  const person = async (role: "admin" | "lead" | "analyst") => {
    const a = await api.analyst({ role, account: name });
    return { id: a.id, h: { authorization: `Bearer ${await api.consoleToken(a.id)}` } };
  };
  const { key } = await api.key({ account: name });
  const url = (path: string) => `${api.url.live}${path}`;
  const put = (who: { h: Record<string, string> }, body: unknown, version?: number) =>
    call(url("/api/v1/policies/assignment"), {
      method: "PUT",
      headers: { ...who.h, ...(version !== undefined ? { "if-match": `"${version}"` } : {}) },
      body,
    });
  const createCase = async (body: Record<string, unknown> = {}) => {
    const r = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "t", case_type: "payment_fraud", ...body } });
    expect(r.status).toBe(201);
    return r.body as Case;
  };
  const getCase = async (id: string) => (await call(url(`/v1/cases/${id}`), { headers: bearer(key) })).body as Case;
  /** Runs the auto-assignment jobs queued for a case, as a job runner would. */
  const runJobs = async (caseId: string) => {
    const queued = await rows<JobRow>(
      api.deps.database.db,
      sql`select * from jobs where type = 'cases.auto_assign' and payload->>'case_id' = ${caseId}`,
    );
    for (const job of queued) {
      await caseJobs["cases.auto_assign"]!.run(job.payload as Record<string, unknown>, {
        db: api.deps.database.db,
        queue: api.deps.jobs,
        log: pino({ level: "silent" }),
        job,
      });
    }
    return queued.length;
  };
  return { person, key, url, put, createCase, getCase, runJobs };
}

describe("/api/v1/policies/assignment", () => {
  it("is manual (version 0) until changed; leads and admins change it, analysts cannot", async () => {
    const t = await team("assign-policy");
    const ana = await t.person("analyst");
    const lead = await t.person("lead");
    const r = await call(t.url("/api/v1/policies/assignment"), { headers: ana.h });
    expect(r.body).toEqual({
      object: "assignment_policy",
      environment: "live",
      mode: "manual",
      rules: [],
      version: 0,
      updated_at: null,
      updated_by: null,
    });
    expect((await t.put(ana, { mode: "auto" })).status).toBe(403);
    const put = await t.put(lead, { mode: "auto", rules: [{ severities: ["critical"], analyst_ids: [ana.id] }] });
    expect(put.status).toBe(200);
    expect(put.headers.get("etag")).toBe('"1"');
    expect(put.body).toMatchObject({
      mode: "auto",
      rules: [{ case_types: null, severities: ["critical"], analyst_ids: [ana.id] }],
      version: 1,
      updated_by: lead.id,
    });
  });

  it("refuses a rule naming another account's or a disabled analyst, an unknown severity or mode, naming the field; nothing changes", async () => {
    const t = await team("assign-bad");
    const admin = await t.person("admin");
    const ana = await t.person("analyst");
    const gone = await t.person("analyst");
    await call(t.url(`/api/v1/analysts/${gone.id}`), { method: "PATCH", headers: admin.h, body: { disabled: true } });
    const stranger = await api.analyst({ role: "analyst", account: "assign-bad-other" });
    const bad: [unknown, string, RegExp][] = [
      [{ mode: "auto", rules: [{ analyst_ids: [stranger.id] }] }, "rules.0.analyst_ids.0", /No analyst/],
      [{ mode: "auto", rules: [{ analyst_ids: [ana.id] }, { analyst_ids: [ana.id, gone.id] }] }, "rules.1.analyst_ids.1", /disabled/],
      [{ mode: "auto", rules: [{ severities: ["urgent"], analyst_ids: [ana.id] }] }, "rules.0.severities.0", /./],
      [{ mode: "auto", rules: [{ case_types: ["parking"], analyst_ids: [ana.id] }] }, "rules.0.case_types.0", /./],
      [{ mode: "round_robin" }, "mode", /./],
    ];
    for (const [body, param, message] of bad) {
      const r = await t.put(admin, body);
      expect(r.status, param).toBe(400);
      expect(r.body.error.param, param).toBe(param);
      expect(r.body.error.message, param).toMatch(message);
    }
    expect((await call(t.url("/api/v1/policies/assignment"), { headers: admin.h })).body.version).toBe(0);
  });

  it("two leads changing it at once from one version: exactly one wins, the other is 409", async () => {
    const t = await team("assign-race");
    const [l1, l2] = [await t.person("lead"), await t.person("lead")];
    const answers = await Promise.all([t.put(l1, { mode: "auto" }, 0), t.put(l2, { mode: "manual" }, 0)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.error.message).toContain("version is 1");
    const winner = answers.find((a) => a.status === 200)!;
    expect((await call(t.url("/api/v1/policies/assignment"), { headers: l1.h })).body).toMatchObject({
      mode: winner.body.mode,
      version: 1,
    });
  });
});

describe("automatic assignment", () => {
  it("gives a new case to the available analyst with the fewest open cases, skipping away ones; rules restrict by severity", async () => {
    const t = await team("assign-auto");
    const lead = await t.person("lead");
    const [a, b, away, named] = [await t.person("analyst"), await t.person("analyst"), await t.person("analyst"), await t.person("lead")];
    await call(t.url(`/api/v1/analysts/${away.id}/availability`), { method: "PUT", headers: away.h, body: { availability: "away" } });
    // Manual mode queues nothing.
    const manual = await t.createCase();
    expect(await t.runJobs(manual.case_id)).toBe(0);
    await t.createCase({ assignee_id: a.id });
    await t.put(lead, { mode: "auto", rules: [{ severities: ["critical"], analyst_ids: [named.id] }] });
    const first = await t.createCase();
    expect(await t.runJobs(first.case_id)).toBe(1);
    const got = await t.getCase(first.case_id);
    expect(got.assignee_id).toBe(b.id); // a holds one case, b none, away is away, leads are not in the default pool
    expect(got.version).toBe(first.version + 1);
    expect(got.events.at(-1)).toMatchObject({
      action: "assignee_changed",
      actor_id: "system:auto_assign",
      from: null,
      to: b.id,
      reason: "auto_assignment",
    });
    const second = await t.createCase();
    await t.runJobs(second.case_id);
    expect([a.id, b.id]).toContain((await t.getCase(second.case_id)).assignee_id); // one each now: ties go to the smaller id
    const critical = await t.createCase({ severity: "critical" });
    await t.runJobs(critical.case_id);
    expect((await t.getCase(critical.case_id)).assignee_id).toBe(named.id);
    // Running the job again changes nothing.
    await t.runJobs(critical.case_id);
    expect((await t.getCase(critical.case_id)).events.filter((e) => e.action === "assignee_changed")).toHaveLength(1);
    // Nobody available for a rule: the case waits unassigned.
    await call(t.url(`/api/v1/analysts/${named.id}/availability`), { method: "PUT", headers: named.h, body: { availability: "away" } });
    const orphan = await t.createCase({ severity: "critical" });
    await t.runJobs(orphan.case_id);
    expect((await t.getCase(orphan.case_id)).assignee_id).toBeNull();
  });

  it("racing a manual claim: exactly one takes the case, and both see who", async () => {
    const t = await team("assign-vs-claim");
    const lead = await t.person("lead");
    const auto = await t.person("analyst");
    await t.put(lead, { mode: "auto" });
    for (let i = 0; i < 8; i++) {
      const c = await t.createCase();
      const [claim] = await Promise.all([
        call(t.url("/v1/cases/claim"), { headers: bearer(t.key), body: { assignee_id: "ana_claimer" } }),
        t.runJobs(c.case_id),
      ]);
      const after = await t.getCase(c.case_id);
      const assignments = after.events.filter((e) => e.action === "assignee_changed");
      expect(assignments).toHaveLength(1);
      expect(after.version).toBe(2);
      if (claim.status === 200) {
        expect(claim.body.case_id).toBe(c.case_id);
        expect(after.assignee_id).toBe("ana_claimer");
      } else {
        expect(claim.status).toBe(404);
        expect(after.assignee_id).toBe(auto.id);
      }
    }
  });

  it("a reassignment records its reason; a stale one is 409 version_conflict and changes nothing", async () => {
    const t = await team("assign-reason");
    const c = await t.createCase({ assignee_id: "ana_first" });
    const patch = (body: unknown, version?: number) =>
      call(t.url(`/v1/cases/${c.case_id}`), {
        method: "PATCH",
        headers: { ...bearer(t.key), ...(version ? { "if-match": `"${version}"` } : {}) },
        body,
      });
    const moved = await patch({ assignee_id: "ana_second", assignment_reason: "Ana is on leave", actor_id: "ana_lead" }, c.version);
    expect(moved.status).toBe(200);
    expect(moved.body.events.at(-1)).toMatchObject({
      action: "assignee_changed",
      from: "ana_first",
      to: "ana_second",
      reason: "Ana is on leave",
      actor_id: "ana_lead",
    });
    const stale = await patch({ assignee_id: "ana_third", assignment_reason: "late" }, c.version);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("version_conflict");
    // Undo: the console sends the previous assignee back with the version it now holds.
    const undo = await patch({ assignee_id: "ana_first", assignment_reason: "undo" }, moved.body.version);
    expect(undo.body).toMatchObject({ assignee_id: "ana_first", version: moved.body.version + 1 });
    const withoutAssignee = await patch({ assignment_reason: "why", notes: "n" });
    expect(withoutAssignee.status).toBe(400);
    expect(withoutAssignee.body.error.param).toBe("assignment_reason");
    // A reason alone changes nothing: refused like an empty update.
    expect((await patch({ assignment_reason: "why" })).body.error.code).toBe("missing_required_field");
    expect((await t.getCase(c.case_id)).version).toBe(undo.body.version);
  });
});
