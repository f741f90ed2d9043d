import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";

// Versions and histories (server/README.md): a case carries a version (ETag,
// If-Match), and its audit entries a seq in commit order, whose last entry is the case's state.

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  key = (await api.key({ account: "versions-co" })).key;
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const patch = (id: string, body: unknown, ifMatch?: string) =>
  call(url(`/v1/cases/${id}`), {
    method: "PATCH",
    headers: { ...bearer(key), ...(ifMatch !== undefined ? { "if-match": ifMatch } : {}) },
    body,
  });
const get = (id: string) => call(url(`/v1/cases/${id}`), { headers: bearer(key) });
const create = async () => {
  const r = await call(url("/v1/cases"), { headers: bearer(key), body: { title: "Refund ring", case_type: "payment_fraud" } });
  expect(r.status).toBe(201);
  return r.body as { case_id: string; version: number };
};

type Entry = { seq: number; action: string; from?: string; to?: string };

/** The audit log holds together: seq 1…n, each status move starts where the last one ended, and the case's status is the last one's. */
function expectConsistentHistory(c: { status: string; events: Entry[] }) {
  expect(c.events.map((e) => e.seq)).toEqual(c.events.map((_, i) => i + 1));
  let status = "open";
  for (const e of c.events.filter((x) => x.action === "status_changed")) {
    expect(e.from).toBe(status);
    status = e.to as string;
  }
  expect(c.status).toBe(status);
}

describe("case versions", () => {
  it("starts at 1, grows with every change, and is the ETag", async () => {
    const c = await create();
    expect(c.version).toBe(1);
    const read = await get(c.case_id);
    expect(read.headers.get("etag")).toBe('"1"');
    const moved = await patch(c.case_id, { status: "in_review" }, '"1"');
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(2);
    expect(moved.headers.get("etag")).toBe('"2"');
    // No change, no new version.
    const same = await patch(c.case_id, { status: "in_review" }, '"2"');
    expect(same.body.version).toBe(2);
    // Without If-Match the change applies, for clients that never send it.
    expect((await patch(c.case_id, { notes: "Checked the refunds." })).body.version).toBe(3);
  });

  it("refuses a change based on an old version with 409 version_conflict naming the current one, and changes nothing", async () => {
    const c = await create();
    // Tab 1 resolves the case it shows at version 1.
    expect((await patch(c.case_id, { status: "resolved", notes: "Confirmed fraud." }, '"1"')).status).toBe(200);
    // Tab 2, still showing version 1 (open), moves it to in_review.
    const stale = await patch(c.case_id, { status: "in_review" }, '"1"');
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "version_conflict" });
    expect(stale.body.error.message).toMatch(/current version is 2/);
    expect(stale.headers.get("etag")).toBe('"2"');
    const after = await get(c.case_id);
    expect(after.body).toMatchObject({ status: "resolved", version: 2 });
    expect(after.body.events.map((e: Entry) => e.action)).toEqual(["created", "status_changed", "note_added"]);
  });

  it("answers 400 on If-Match that is not a version tag, and accepts *", async () => {
    const c = await create();
    for (const bad of ["1", 'W/"1"', '"one"', '""']) {
      const r = await patch(c.case_id, { severity: "high" }, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param: "If-Match" });
    }
    expect((await patch(c.case_id, { severity: "high" }, "*")).status).toBe(200);
  });

  it("keeps the audit log in commit order under 48 concurrent changes: the last status entry is the case's status", async () => {
    const c = await create();
    const moves = ["in_review", "resolved", "closed", "in_review", "resolved"];
    const results = await Promise.all(
      Array.from({ length: 48 }, (_, i) => patch(c.case_id, i % 3 === 0 ? { notes: `note ${i}` } : { status: moves[i % moves.length] })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    const after = (await get(c.case_id)).body;
    expectConsistentHistory(after);
    // Every successful change is one version: 1 + the changes that produced entries.
    const changes = new Set(after.events.filter((e: Entry) => e.action !== "created").map((e: Entry & { timestamp: string }) => e.seq));
    expect(after.version).toBeLessThanOrEqual(1 + changes.size);
    expect(after.version).toBeGreaterThan(1);
  });

  it("lets exactly one of several writers holding the same version win", async () => {
    const c = await create();
    const results = await Promise.all(
      ["in_review", "resolved", "in_review", "resolved"].map((status) => patch(c.case_id, { status, notes: status }, '"1"')),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const after = (await get(c.case_id)).body;
    expect(after.version).toBe(2);
    expectConsistentHistory(after);
  });
});
