import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import type { Scope } from "../../../db/scope";
import { insertTransaction } from "../../../test/alert-fixtures";
import { raiseAlert } from "../../../domain/alerts/raise";

let api: TestApi;
let key: string;
let keyId: string;
let scope: Scope;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "cases-co" });
  key = k.key;
  keyId = k.id;
  scope = { accountId: k.accountId, environment: "live" };
  await api.subscribe(k.accountId, { events: ["case.updated"] });
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const post = (path: string, body: unknown, k = key, headers: Record<string, string> = {}) =>
  call(url(path), { headers: { ...bearer(k), ...headers }, body });
const patch = (id: string, body: unknown, k = key) => call(url(`/v1/cases/${id}`), { method: "PATCH", headers: bearer(k), body });
const get = (path: string, k = key) => call(url(path), { headers: bearer(k) });
const txn = (userId = "u1", s = scope) => insertTransaction(api.deps.database.db, s, { userId });
const create = async (body: Record<string, unknown> = {}, k = key) => {
  const r = await post("/v1/cases", { title: "Suspicious refunds", case_type: "payment_fraud", ...body }, k);
  expect(r.status).toBe(201);
  return r.body;
};
const hooksFor = async (caseId: string) =>
  rows<{ data: { events: { action: string }[]; status: string } }>(
    api.deps.database.db,
    sql`select data from webhook_events where type = 'case.updated' and data->>'case_id' = ${caseId} order by created_at, id`,
  );

/** updated_at with its milliseconds (the wire shows seconds). */
const updatedAtMs = async (caseId: string) => {
  const [row] = await rows<{ ms: string }>(
    api.deps.database.db,
    sql`select (extract(epoch from updated_at) * 1000)::bigint as ms from cases where id = ${caseId}`,
  );
  return Number(row!.ms);
};

describe("POST /v1/cases", () => {
  it("creates an open case and answers with the whole case (201)", async () => {
    const t1 = await txn();
    const t2 = await txn();
    const r = await post("/v1/cases", {
      title: "Card testing from one IP",
      case_type: "payment_fraud",
      transaction_ids: [t1, t2, t1],
      user_id: "user_42",
      notes: "Opened from alert.",
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: "case",
      title: "Card testing from one IP",
      case_type: "payment_fraud",
      status: "open",
      severity: "medium",
      transaction_ids: [t1, t2],
      user_id: "user_42",
      assignee_id: null,
    });
    expect(r.body.case_id).toMatch(/^case_/);
    expect(r.body.events.map((e: { action: string }) => e.action)).toEqual(["created", "note_added"]);
    expect(r.body.events[0]).toMatchObject({ actor_id: keyId });
    expect(r.body.events[1]).toMatchObject({ note: "Opened from alert.", actor_id: keyId });
    expect(r.body.events[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await hooksFor(r.body.case_id)).toHaveLength(0);
    expect((await get(`/v1/cases/${r.body.case_id}`)).body).toEqual(r.body);
  });

  it("emits case.updated when created with an assignee, with the actor sent", async () => {
    const body = await create({ assignee_id: "ana_1", actor_id: "ana_lead", severity: "high" });
    expect(body).toMatchObject({ assignee_id: "ana_1", severity: "high" });
    expect(body.events[0]).toMatchObject({ action: "created", actor_id: "ana_lead" });
    // The first assignment is on the timeline, by whom and to whom.
    expect(body.events[1]).toMatchObject({ action: "assignee_changed", actor_id: "ana_lead", from: null, to: "ana_1" });
    const hooks = await hooksFor(body.case_id);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.data).toMatchObject({ object: "case", case_id: body.case_id, assignee_id: "ana_1" });
  });

  it("refuses transactions that are not in this account and environment", async () => {
    const mine = await txn();
    const otherAccount = await txn("u1", { accountId: (await api.key({ account: "cases-other" })).accountId, environment: "live" });
    const otherEnv = await txn("u1", { ...scope, environment: "test" });
    for (const [ids, param] of [
      [[mine, "txn_nope"], "transaction_ids.1"],
      [[otherAccount], "transaction_ids.0"],
      [[mine, mine, otherEnv], "transaction_ids.2"],
    ] as const) {
      const r = await post("/v1/cases", { title: "x", case_type: "chargeback", transaction_ids: ids });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: "resource_not_found", param });
    }
  });

  it("validates the body", async () => {
    for (const [body, code, param] of [
      [{ case_type: "chargeback" }, "missing_required_field", "title"],
      [{ title: "x" }, "missing_required_field", "case_type"],
      [{ title: "x", case_type: "theft" }, "invalid_field_value", "case_type"],
      [{ title: "x", case_type: "chargeback", severity: "urgent" }, "invalid_field_value", "severity"],
      [{ title: "x", case_type: "chargeback", transaction_ids: "txn_1" }, "invalid_field_value", "transaction_ids"],
      [{ title: "x", case_type: "chargeback", transaction_ids: [""] }, "invalid_field_value", "transaction_ids.0"],
      [{ title: "", case_type: "chargeback" }, "invalid_field_value", "title"],
      [{ title: "x", case_type: "chargeback", notes: "n".repeat(5001) }, "invalid_field_value", "notes"],
    ] as const) {
      const r = await post("/v1/cases", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatchObject({ code, param });
    }
    const noJson = await call(url("/v1/cases"), { headers: bearer(key), raw: '{"title":"x","case_type":"chargeback"}' });
    expect(noJson.body.error).toMatchObject({ code: "missing_required_field", param: "title" });
  });

  it("replays an Idempotency-Key instead of creating a second case", async () => {
    const headers = { "idempotency-key": "case-create-1" };
    const a = await post("/v1/cases", { title: "once", case_type: "chargeback" }, key, headers);
    const b = await post("/v1/cases", { title: "once", case_type: "chargeback" }, key, headers);
    expect(b.status).toBe(201);
    expect(b.body.case_id).toBe(a.body.case_id);
    const c = await post("/v1/cases", { title: "different", case_type: "chargeback" }, key, headers);
    expect(c.status).toBe(409);
  });
});

describe("GET /v1/cases/{id}", () => {
  it("is 404 across environments and accounts, and needs cases:read", async () => {
    const body = await create();
    const testKey = await api.key({ account: "cases-co", env: "test" });
    const r = await call(`${api.url.test}/v1/cases/${body.case_id}`, { headers: bearer(testKey.key) });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("resource_not_found");
    const stranger = await api.key({ account: "cases-stranger" });
    expect((await get(`/v1/cases/${body.case_id}`, stranger.key)).status).toBe(404);
    const reader = await api.key({ account: "cases-co", scopes: ["cases:read"] });
    expect((await get(`/v1/cases/${body.case_id}`, reader.key)).status).toBe(200);
    expect((await patch(body.case_id, { notes: "x" }, reader.key)).status).toBe(403);
    expect((await post("/v1/cases", { title: "x", case_type: "chargeback" }, reader.key)).status).toBe(403);
    const alertsOnly = await api.key({ account: "cases-co", scopes: ["alerts:read"] });
    expect((await get(`/v1/cases/${body.case_id}`, alertsOnly.key)).status).toBe(403);
  });
});

describe("PATCH /v1/cases/{id}: status moves", () => {
  // Brings a new case to `status` through legal moves only.
  const caseIn = async (status: string): Promise<string> => {
    const { case_id } = await create();
    const path: Record<string, string[]> = { open: [], in_review: ["in_review"], resolved: ["resolved"], closed: ["resolved", "closed"] };
    for (const s of path[status]!) expect((await patch(case_id, { status: s })).status).toBe(200);
    return case_id;
  };
  const matrix: [string, string, "moves" | "422" | "noop"][] = [];
  const legal: Record<string, string[]> = {
    open: ["in_review", "resolved"],
    in_review: ["resolved"],
    resolved: ["in_review", "closed"],
    closed: ["in_review"],
  };
  for (const from of ["open", "in_review", "resolved", "closed"]) {
    for (const to of ["open", "in_review", "resolved", "closed"]) {
      matrix.push([from, to, from === to ? "noop" : legal[from]!.includes(to) ? "moves" : "422"]);
    }
  }

  it.each(matrix)("%s → %s %s", async (from, to, outcome) => {
    const id = await caseIn(from);
    const before = (await get(`/v1/cases/${id}`)).body;
    const hooksBefore = (await hooksFor(id)).length;
    const stampBefore = await updatedAtMs(id);
    await new Promise((r) => setTimeout(r, 5));
    const r = await patch(id, { status: to, actor_id: "ana_7" });
    const after = (await get(`/v1/cases/${id}`)).body;
    if (outcome === "422") {
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: "invalid_state_transition" });
      expect(r.body.object).toBeUndefined();
      expect(after).toEqual(before);
      expect(await hooksFor(id)).toHaveLength(hooksBefore);
    } else if (outcome === "noop") {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(before);
      expect(after).toEqual(before);
      expect(await updatedAtMs(id)).toBe(stampBefore);
      expect(await hooksFor(id)).toHaveLength(hooksBefore);
    } else {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(after);
      expect(after.status).toBe(to);
      expect(after.events).toHaveLength(before.events.length + 1);
      expect(after.events.at(-1)).toMatchObject({ action: "status_changed", from, to, actor_id: "ana_7" });
      expect(await updatedAtMs(id)).toBeGreaterThan(stampBefore);
      const hooks = await hooksFor(id);
      expect(hooks).toHaveLength(hooksBefore + 1);
      expect(hooks.at(-1)!.data).toMatchObject({ status: to });
    }
  });
});

describe("PATCH /v1/cases/{id}: other changes", () => {
  it("applies several changes in one transaction, one entry each in a fixed order, one webhook", async () => {
    const t1 = await txn();
    const t2 = await txn();
    const t3 = await txn();
    const { case_id } = await create({ transaction_ids: [t1] });
    const r = await patch(case_id, {
      notes: "Confirmed with the issuer.",
      transaction_ids: [t2, t1, t3, t2],
      assignee_id: "ana_9",
      severity: "critical",
      status: "in_review",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "in_review", severity: "critical", assignee_id: "ana_9", transaction_ids: [t1, t2, t3] });
    const added = r.body.events.slice(1);
    expect(added.map((e: { action: string }) => e.action)).toEqual([
      "status_changed",
      "severity_changed",
      "assignee_changed",
      "transactions_linked",
      "note_added",
    ]);
    expect(added[1]).toMatchObject({ from: "medium", to: "critical" });
    expect(added[2]).toMatchObject({ from: null, to: "ana_9" });
    expect(added[3]).toMatchObject({ transaction_ids: [t2, t3] });
    expect(added[4]).toMatchObject({ note: "Confirmed with the issuer." });
    expect(new Set(added.map((e: { actor_id: string }) => e.actor_id))).toEqual(new Set([keyId]));
    expect(await hooksFor(case_id)).toHaveLength(1);

    // Values equal to the current ones change nothing.
    const same = await patch(case_id, { assignee_id: "ana_9", severity: "critical", transaction_ids: [t3], status: "in_review" });
    expect(same.body).toEqual(r.body);
    expect(await hooksFor(case_id)).toHaveLength(1);

    // Unassigning is a change too.
    const un = await patch(case_id, { assignee_id: null });
    expect(un.body.assignee_id).toBeNull();
    expect(un.body.events.at(-1)).toMatchObject({ action: "assignee_changed", from: "ana_9", to: null });
  });

  it("changes nothing when one part of the request is refused", async () => {
    const { case_id } = await create();
    const before = (await get(`/v1/cases/${case_id}`)).body;
    const unknown = await patch(case_id, { notes: "n", status: "in_review", transaction_ids: ["txn_unknown"] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "resource_not_found", param: "transaction_ids.0" });
    const illegal = await patch(case_id, { notes: "n", status: "closed" });
    expect(illegal.status).toBe(422);
    const invalid = await patch(case_id, { notes: "n", severity: "extreme" });
    expect(invalid.body.error).toMatchObject({ code: "invalid_field_value", param: "severity" });
    expect((await get(`/v1/cases/${case_id}`)).body).toEqual(before);
    expect(await hooksFor(case_id)).toHaveLength(0);
    const missing = await patch("case_missing", { notes: "n" });
    expect(missing.status).toBe(404);
  });

  it("refuses an update that changes nothing, as a body sent without Content-Type is", async () => {
    const { case_id } = await create();
    const before = (await get(`/v1/cases/${case_id}`)).body;
    const bare = await call(url(`/v1/cases/${case_id}`), {
      method: "PATCH",
      headers: bearer(key),
      raw: JSON.stringify({ status: "in_review" }),
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({
      code: "missing_required_field",
      message: "Send at least one of status, notes, assignee_id, transaction_ids, severity, alert_ids, resolution.",
    });
    expect(bare.body.error.param).toBeUndefined();
    for (const body of [{}, { actor_id: "someone" }])
      expect((await patch(case_id, body)).body.error).toMatchObject({ code: "missing_required_field" });
    expect((await get(`/v1/cases/${case_id}`)).body).toEqual(before);
    expect((await patch(case_id, { assignee_id: null })).status).toBe(200); // null is a value: unassign
  });
});

describe("case audit log", () => {
  it("is append-only in the database itself", async () => {
    const { case_id } = await create({ notes: "keep me" });
    const db = api.deps.database.db;
    await expect(db.execute(sql`update case_events set actor_id = 'forger' where case_id = ${case_id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from case_events where case_id = ${case_id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate case_events`)).rejects.toThrow();
    const after = (await get(`/v1/cases/${case_id}`)).body;
    expect(after.events.map((e: { action: string; actor_id: string }) => [e.action, e.actor_id])).toEqual([
      ["created", keyId],
      ["note_added", keyId],
    ]);
  });
});

describe("cases opened from an alert (alert_id, an addition)", () => {
  const alert = async (key: string) =>
    (
      await raiseAlert(api.deps.database.db, api.deps.jobs, scope, {
        type: "card_testing",
        key,
        confidence: 0.8,
        userIds: [],
        transactionIds: [],
        summary: "pattern",
      })
    ).alert.id;

  it("records the alert, lists by it, and refuses a second case while the first is not closed", async () => {
    const alertId = await alert("case-link-1");
    const first = await create({ alert_id: alertId });
    expect(first.alert_id).toBe(alertId);
    expect((await get(`/v1/cases/${first.case_id}`)).body.alert_id).toBe(alertId);
    const second = await post("/v1/cases", { title: "Again", case_type: "payment_fraud", alert_id: alertId });
    expect(second.status).toBe(422);
    expect(second.body.error).toMatchObject({ code: "unprocessable", param: "alert_id" });
    expect(second.body.error.message).toContain(first.case_id);
    const listed = await get(`/v1/cases?alert_id=${alertId}`);
    expect(listed.body.data.map((c: { case_id: string }) => c.case_id)).toEqual([first.case_id]);
    expect((await create()).alert_id).toBeNull();
    // Closed, the alert may start a new investigation.
    for (const status of ["resolved", "closed"]) expect((await patch(first.case_id, { status })).status).toBe(200);
    const next = await create({ alert_id: alertId });
    expect(next.case_id).not.toBe(first.case_id);
  });

  it("opens one case when two requests race for the same alert", async () => {
    const alertId = await alert("case-link-race");
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post("/v1/cases", { title: "Race", case_type: "payment_fraud", alert_id: alertId })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.error.param === "alert_id")).toBe(true);
    expect((await get(`/v1/cases?alert_id=${alertId}`)).body.data).toHaveLength(1);
  });

  it("404s an alert of no such id, or of another environment", async () => {
    const r = await post("/v1/cases", { title: "Ghost", case_type: "payment_fraud", alert_id: "alert_missing" });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "alert_id" });
    const other = (
      await raiseAlert(
        api.deps.database.db,
        api.deps.jobs,
        { ...scope, environment: "test" },
        { type: "card_testing", key: "case-link-env", confidence: 0.8, userIds: [], transactionIds: [], summary: "pattern" },
      )
    ).alert.id;
    expect((await post("/v1/cases", { title: "Other env", case_type: "payment_fraud", alert_id: other })).status).toBe(404);
  });
});
