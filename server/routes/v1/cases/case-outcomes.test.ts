import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import type { Scope } from "../../../db/scope";
import { raiseAlert, raiseAlerts } from "../../../domain/alerts/raise";

// Outcomes (server/domain/cases/README.md, "Alerts and outcomes"): cases link several alerts, an
// alert belongs to at most one case that is not closed, and resolving a case resolves its open and
// acknowledged alerts with the same resolution and notes, recorded in both histories.

let api: TestApi;
let key: string;
let keyId: string;
let scope: Scope;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "outcomes-co" });
  key = k.key;
  keyId = k.id;
  scope = { accountId: k.accountId, environment: "live" };
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const get = (path: string) => call(url(path), { headers: bearer(key) });
const post = (body: unknown) =>
  call(url("/v1/cases"), { headers: bearer(key), body: { title: "Ring", case_type: "payment_fraud", ...(body as object) } });
const patchCase = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url(`/v1/cases/${id}`), { method: "PATCH", headers: { ...bearer(key), ...headers }, body });
const patchAlert = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url(`/v1/alerts/${id}`), { method: "PATCH", headers: { ...bearer(key), ...headers }, body });
let n = 0;
const alert = async (s: Scope = scope) =>
  (
    await raiseAlert(api.deps.database.db, api.deps.jobs, s, {
      type: "card_testing",
      key: `outcome-${n++}`,
      confidence: 0.8,
      userIds: [],
      transactionIds: [],
      summary: "pattern",
    })
  ).alert.id;

type Hist = { seq: number; action: string; from?: string | null; to?: string | null; note?: string; case_id?: string; actor_id: string };
type AlertBody = {
  status: string;
  resolution: string | null;
  resolution_notes: string | null;
  version: number;
  case_id: string | null;
  history: Hist[];
};

/** An alert's history holds together: seq 1…n, each move starts where the last ended, and the alert is what its last entries say. */
function expectAlertHistory(a: AlertBody) {
  expect(a.history.map((e) => e.seq)).toEqual(a.history.map((_, i) => i + 1));
  let status = "open";
  let resolution: string | null = null;
  for (const e of a.history) {
    if (e.action === "status_changed") {
      expect(e.from).toBe(status);
      status = e.to as string;
    }
    if (e.action === "resolution_changed") {
      expect(e.from).toBe(resolution);
      resolution = e.to ?? null;
    }
  }
  expect(a.status).toBe(status);
  expect(a.resolution).toBe(resolution);
}

describe("linking alerts to cases", () => {
  it("links alert_id and alert_ids, de-duplicated, and the alerts carry the case", async () => {
    const [a, b, c] = [await alert(), await alert(), await alert()];
    const r = await post({ alert_id: a, alert_ids: [b, a, b] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ alert_id: a, alert_ids: [a, b], resolution: null });
    // As with transaction_ids, what a case is created with is in the case, not in entries of its log.
    expect(r.body.events.map((e: Hist) => e.action)).toEqual(["created"]);
    const detail = (await get(`/v1/alerts/${b}`)).body as AlertBody;
    expect(detail).toMatchObject({ case_id: r.body.case_id, version: 2 });
    expect(detail.history).toEqual([expect.objectContaining({ seq: 1, action: "case_linked", case_id: r.body.case_id, actor_id: keyId })]);
    // PATCH appends, de-duplicated; the first linked stays alert_id.
    const linked = await patchCase(r.body.case_id, { alert_ids: [b, c] });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ alert_id: a, alert_ids: [a, b, c], version: 2 });
    expect(linked.body.events.at(-1)).toMatchObject({ action: "alerts_linked", alert_ids: [c] });
    const listed = await get(`/v1/alerts?case_id=${r.body.case_id}&status=all`);
    expect(listed.body.data.map((x: { alert_id: string }) => x.alert_id).sort()).toEqual([a, b, c].sort());
    expect((await get(`/v1/cases?alert_id=${c}`)).body.data.map((x: { case_id: string }) => x.case_id)).toEqual([r.body.case_id]);
    // Linking what is linked already changes nothing.
    expect((await patchCase(r.body.case_id, { alert_ids: [a] })).body.version).toBe(2);
  });

  it("sets alert_id on a case opened by hand when its first alert is linked", async () => {
    const a = await alert();
    const c = (await post({})).body;
    expect(c).toMatchObject({ alert_id: null, alert_ids: [] });
    expect((await patchCase(c.case_id, { alert_ids: [a] })).body).toMatchObject({ alert_id: a, alert_ids: [a] });
  });

  it("404s an alert of no such id or of another environment, naming its position, and changes nothing", async () => {
    const a = await alert();
    const other = await alert({ ...scope, environment: "test" });
    for (const ids of [
      [a, "alert_missing"],
      [a, other],
    ]) {
      const r = await post({ alert_ids: ids });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "alert_ids.1" });
    }
    expect((await get(`/v1/alerts/${a}`)).body).toMatchObject({ case_id: null, version: 1, history: [] });
    expect((await get(`/v1/cases?alert_id=${a}`)).body.data).toEqual([]);
    const c = (await post({})).body;
    const r = await patchCase(c.case_id, { alert_ids: [a, other] });
    expect(r.body.error).toMatchObject({ code: "resource_not_found", param: "alert_ids.1" });
    expect((await get(`/v1/cases/${c.case_id}`)).body).toMatchObject({ alert_ids: [], version: 1 });
    expect((await get(`/v1/alerts/${a}`)).body.case_id).toBeNull();
  });

  it("refuses an alert that belongs to another case not closed yet (422 naming it and that case), and allows it once that case is closed", async () => {
    const [a, b] = [await alert(), await alert()];
    const first = (await post({ alert_ids: [a] })).body;
    const second = await post({ alert_ids: [b, a] });
    expect(second.status).toBe(422);
    expect(second.body.error).toMatchObject({ code: "unprocessable", param: "alert_ids.1" });
    expect(second.body.error.message).toContain(first.case_id);
    // Nothing of the refused request stays: b is still free.
    expect((await get(`/v1/alerts/${b}`)).body.case_id).toBeNull();
    const other = (await post({})).body;
    expect((await patchCase(other.case_id, { alert_ids: [a] })).status).toBe(422);
    for (const status of ["resolved", "closed"]) expect((await patchCase(first.case_id, { status })).status).toBe(200);
    const moved = await patchCase(other.case_id, { alert_ids: [a] });
    expect(moved.status).toBe(200);
    expect((await get(`/v1/alerts/${a}`)).body.case_id).toBe(other.case_id);
    // The closed case still lists the alert it worked, and cannot be reopened while another case holds it.
    expect((await get(`/v1/cases/${first.case_id}`)).body.alert_ids).toEqual([a]);
    const reopen = await patchCase(first.case_id, { status: "in_review" });
    expect(reopen.status).toBe(422);
    expect(reopen.body.error).toMatchObject({ code: "unprocessable", param: "status" });
  });

  it("opens one case when requests race for the same alert through alert_ids", async () => {
    const a = await alert();
    const results = await Promise.all(Array.from({ length: 4 }, () => post({ alert_ids: [a] })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    expect((await get(`/v1/cases?alert_id=${a}`)).body.data).toHaveLength(1);
  });
});

describe("resolving with an outcome", () => {
  it("resolves the case's open and acknowledged alerts with its resolution and notes, in both histories", async () => {
    const [open, acked, done] = [await alert(), await alert(), await alert()];
    expect((await patchAlert(acked, { status: "acknowledged" })).status).toBe(200);
    expect((await patchAlert(done, { status: "resolved", resolution: "inconclusive", resolution_notes: "Seen before." })).status).toBe(200);
    const c = (await post({ alert_ids: [open, acked, done] })).body;
    const before = (await get(`/v1/alerts/${acked}`)).body as AlertBody;
    const r = await patchCase(c.case_id, {
      status: "resolved",
      resolution: "confirmed_fraud",
      notes: "Ring confirmed.",
      actor_id: "ana_1",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "resolved", resolution: "confirmed_fraud" });
    expect(r.body.events.slice(-4)).toEqual([
      expect.objectContaining({ action: "status_changed", from: "open", to: "resolved", actor_id: "ana_1" }),
      expect.objectContaining({ action: "resolution_changed", from: null, to: "confirmed_fraud" }),
      expect.objectContaining({ action: "note_added", note: "Ring confirmed." }),
      expect.objectContaining({ action: "alerts_resolved", alert_ids: [open, acked], resolution: "confirmed_fraud" }),
    ]);
    for (const id of [open, acked]) {
      const a = (await get(`/v1/alerts/${id}`)).body as AlertBody;
      expect(a).toMatchObject({
        status: "resolved",
        resolution: "confirmed_fraud",
        resolution_notes: "Ring confirmed.",
        case_id: c.case_id,
      });
      expect(a.history.slice(-3)).toEqual([
        expect.objectContaining({ action: "status_changed", to: "resolved", case_id: c.case_id, actor_id: "ana_1" }),
        expect.objectContaining({ action: "resolution_changed", from: null, to: "confirmed_fraud", case_id: c.case_id }),
        expect.objectContaining({ action: "notes_changed", note: "Ring confirmed.", case_id: c.case_id }),
      ]);
      expectAlertHistory(a);
    }
    // The version moved by one for the resolution, so an If-Match from before is stale.
    expect((await get(`/v1/alerts/${acked}`)).body.version).toBe(before.version + 1);
    const stale = await patchAlert(acked, { status: "acknowledged" }, { "if-match": `"${before.version}"` });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("version_conflict");
    // The alert resolved before keeps its own outcome.
    expect((await get(`/v1/alerts/${done}`)).body).toMatchObject({ resolution: "inconclusive", resolution_notes: "Seen before." });
    // Lists filter by resolution.
    const fraud = await get(`/v1/alerts?status=resolved&resolution=confirmed_fraud&case_id=${c.case_id}`);
    expect(fraud.body.data.map((x: { alert_id: string }) => x.alert_id).sort()).toEqual([open, acked].sort());
    const inconclusive = await get(`/v1/alerts?status=all&resolution=inconclusive&case_id=${c.case_id}`);
    expect(inconclusive.body.data.map((x: { alert_id: string }) => x.alert_id)).toEqual([done]);
  });

  it("keeps the resolution when closed, clears it back in review, and changes it on a resolved case", async () => {
    const c = (await post({})).body;
    expect((await patchCase(c.case_id, { status: "resolved", resolution: "false_positive" })).body.resolution).toBe("false_positive");
    const changed = await patchCase(c.case_id, { resolution: "inconclusive" });
    expect(changed.body.resolution).toBe("inconclusive");
    expect(changed.body.events.at(-1)).toMatchObject({ action: "resolution_changed", from: "false_positive", to: "inconclusive" });
    expect((await patchCase(c.case_id, { status: "closed" })).body.resolution).toBe("inconclusive");
    const reopened = await patchCase(c.case_id, { status: "in_review" });
    expect(reopened.body.resolution).toBeNull();
    expect(reopened.body.events.at(-1)).toMatchObject({ action: "resolution_changed", from: "inconclusive", to: null });
  });

  it("records an alert's own resolution, and clears it when the alert leaves resolved", async () => {
    const a = await alert();
    const r = await patchAlert(a, {
      status: "resolved",
      resolution: "false_positive",
      resolution_notes: "Known customer.",
      actor_id: "ana_2",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "resolved", resolution: "false_positive", version: 2 });
    // Sending the same again changes nothing.
    expect((await patchAlert(a, { status: "resolved", resolution: "false_positive" })).body.version).toBe(2);
    expect((await patchAlert(a, { status: "acknowledged" })).body).toMatchObject({
      status: "acknowledged",
      resolution: null,
      resolution_notes: "Known customer.",
    });
    const detail = (await get(`/v1/alerts/${a}`)).body as AlertBody;
    expect(detail.history.map((e) => `${e.action}:${e.to ?? e.note ?? ""}:${e.actor_id}`)).toEqual([
      "status_changed:resolved:ana_2",
      "resolution_changed:false_positive:ana_2",
      "notes_changed:Known customer.:ana_2",
      `status_changed:acknowledged:${keyId}`,
      `resolution_changed::${keyId}`,
    ]);
    expectAlertHistory(detail);
    expect(detail.version).toBe(3);
  });

  it("answers every bad input with a 400 naming the field, and changes nothing", async () => {
    const a = await alert();
    const c = (await post({})).body;
    const cases: [string, () => ReturnType<typeof get>, string][] = [
      ["resolution not an outcome", () => patchCase(c.case_id, { status: "resolved", resolution: "fraud" }), "resolution"],
      ["resolution with another status", () => patchCase(c.case_id, { status: "in_review", resolution: "inconclusive" }), "resolution"],
      ["alert_ids not a list", () => patchCase(c.case_id, { alert_ids: a }), "alert_ids"],
      ["alert_ids with an empty id", () => patchCase(c.case_id, { alert_ids: [""] }), "alert_ids.0"],
      ["alert_ids on create not a list", () => post({ alert_ids: "x" }), "alert_ids"],
      ["alert resolution not an outcome", () => patchAlert(a, { status: "resolved", resolution: "maybe" }), "resolution"],
      ["alert resolution with acknowledged", () => patchAlert(a, { status: "acknowledged", resolution: "inconclusive" }), "resolution"],
      ["alert list resolution", () => get("/v1/alerts?resolution=fraud"), "resolution"],
      ["alert list case_id empty", () => get("/v1/alerts?case_id="), "case_id"],
    ];
    for (const [what, send, param] of cases) {
      const r = await send();
      expect(r.status, what).toBe(400);
      expect(r.body.error, what).toMatchObject({ code: "invalid_field_value", param });
    }
    expect((await get(`/v1/cases/${c.case_id}`)).body).toMatchObject({ status: "open", version: 1 });
    expect((await get(`/v1/alerts/${a}`)).body).toMatchObject({ status: "open", version: 1, history: [] });
    // A resolution for a case that is not resolved is a conflict with its state.
    const early = await patchCase(c.case_id, { resolution: "inconclusive" });
    expect(early.status).toBe(422);
    expect(early.body.error).toMatchObject({ code: "unprocessable", param: "resolution" });
  });

  it("keeps both histories consistent when the case and its alerts are written at once", async () => {
    const ids = [await alert(), await alert(), await alert()];
    const c = (await post({ alert_ids: ids })).body;
    const moves = ["in_review", "resolved", "closed", "in_review", "resolved"];
    const outcomes = ["confirmed_fraud", "false_positive", "inconclusive"];
    const writes = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        patchCase(
          c.case_id,
          moves[i % 5] === "resolved" ? { status: "resolved", resolution: outcomes[i % 3], notes: `case ${i}` } : { status: moves[i % 5] },
        ),
      ),
      ...Array.from({ length: 24 }, (_, i) =>
        patchAlert(
          ids[i % 3]!,
          i % 2 === 0 ? { status: "acknowledged" } : { status: "resolved", resolution: outcomes[i % 3], resolution_notes: `alert ${i}` },
        ),
      ),
    ]);
    expect(writes.filter((r) => r.status !== 200 && !(r.status === 422 && r.body.error.code === "invalid_state_transition"))).toEqual([]);
    for (const id of ids) expectAlertHistory((await get(`/v1/alerts/${id}`)).body as AlertBody);
  });

  it("resolves a case while the engine folds hits into its open alerts, without a deadlock or a lost history", async () => {
    for (let round = 0; round < 8; round++) {
      const keys = [`fold-${round}-a`, `fold-${round}-b`, `fold-${round}-c`];
      const ids = [];
      for (const k of keys)
        ids.push(
          (
            await raiseAlert(api.deps.database.db, api.deps.jobs, scope, {
              type: "card_testing",
              key: k,
              confidence: 0.5,
              userIds: ["u0"],
              transactionIds: [],
              summary: "pattern",
            })
          ).alert.id,
        );
      const c = (await post({ alert_ids: [...ids].reverse() })).body;
      const hits = (n: number) =>
        keys.map((k) => ({
          type: "card_testing" as const,
          key: k,
          confidence: 0.6,
          userIds: [`u${n}`],
          transactionIds: [],
          summary: "pattern",
        }));
      const [resolved] = await Promise.all([
        patchCase(c.case_id, { status: "resolved", resolution: "confirmed_fraud" }),
        ...Array.from({ length: 4 }, (_, n) =>
          raiseAlerts(api.deps.database.db, api.deps.jobs, scope, n % 2 ? hits(n + 1) : hits(n + 1).reverse()),
        ),
      ]);
      expect(resolved.status).toBe(200);
      for (const id of ids) {
        const a = (await get(`/v1/alerts/${id}`)).body as AlertBody;
        expect(a).toMatchObject({ status: "resolved", resolution: "confirmed_fraud" });
        expectAlertHistory(a);
      }
    }
  });
});
