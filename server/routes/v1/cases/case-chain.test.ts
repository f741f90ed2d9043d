import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { score, scoreBody, uniq } from "../../../test/score-helpers";
import type { Db } from "../../../db/client";

// What the analyst saw (server/domain/cases/README.md): case audit entries and decisions carry the
// snapshot the console sent and a hash chained in `seq` order; the case export verifies the chains
// and finds a row changed directly in the database.

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  key = (await api.key({ account: "chain-co" })).key;
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const createCase = (body: Record<string, unknown> = {}) =>
  call(url("/v1/cases"), { headers: bearer(key), body: { title: "Chain", case_type: "payment_fraud", ...body } });
const patchCase = (id: string, body: unknown) => call(url(`/v1/cases/${id}`), { method: "PATCH", headers: bearer(key), body });
const exportOf = async (id: string) => {
  const r = await call(url(`/v1/cases/${id}/export`), { headers: bearer(key) });
  expect(r.status).toBe(200);
  return r.body;
};

/** Changes stored rows past the append-only triggers, as someone with the database's superuser would. */
async function tamper(statement: ReturnType<typeof sql>) {
  const db = api.deps.database.db as Db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

const shown = {
  risk_score: 87,
  decision: "block",
  signals: [{ name: "velocity_card", points: 30 }],
  policy_version: 3,
  list_versions: { ofac: "2026-11-20" },
  alert_ids: ["alt_1"],
};

describe("snapshots and hashes", () => {
  it("stores the snapshot on every entry of the request and a hash chained to the previous entry", async () => {
    const c = await createCase({ notes: "Opened.", snapshot: shown });
    expect(c.status).toBe(201);
    expect(c.body.events.map((e: { snapshot: unknown }) => e.snapshot)).toEqual([shown, shown]);
    const moved = await patchCase(c.body.case_id, { status: "in_review" });
    const events = moved.body.events as { seq: number; hash: string; snapshot: unknown }[];
    expect(events[2]!.snapshot).toBeNull();
    for (const e of events) expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(events.map((e) => e.hash)).size).toBe(3);
    const e = await exportOf(c.body.case_id);
    expect(e.chains.audit).toEqual({ verified: true, entries: 3, first_broken_seq: null, unhashed: 0 });
  });

  it("stores a decision's snapshot and chains a transaction's decisions", async () => {
    const s = await score(api, bearer(key), scoreBody({ user: { id: uniq("ch"), email: "a@example.com" } }));
    const t = s.body.transaction_id as string;
    const d1 = await call(url("/v1/decisions"), {
      headers: bearer(key),
      body: { transaction_id: t, decision: "block", reason: "confirmed_fraud", snapshot: shown },
    });
    expect(d1.status).toBe(201);
    expect(d1.body).toMatchObject({ seq: 1, snapshot: shown });
    expect(d1.body.hash).toMatch(/^[0-9a-f]{64}$/);
    const d2 = await call(url("/v1/decisions"), {
      headers: bearer(key),
      body: { transaction_id: t, decision: "allow", reason: "false_positive" },
    });
    expect(d2.body).toMatchObject({ seq: 2, snapshot: null });
    const c = await createCase({ transaction_ids: [t] });
    const e = await exportOf(c.body.case_id);
    expect(e.transactions[0].decisions.map((d: { hash: string }) => d.hash)).toEqual([d1.body.hash, d2.body.hash]);
    expect(e.chains.decisions).toMatchObject({ verified: true, entries: 2, chains: 1, first_broken_seq: null, broken: [] });

    // A decision's notes changed in the database: its chain breaks there.
    await tamper(sql`update decisions set notes = 'nothing to see' where id = ${d1.body.decision_id}`);
    const after = await exportOf(c.body.case_id);
    expect(after.chains.decisions).toMatchObject({
      verified: false,
      first_broken_seq: 1,
      broken: [{ subject_id: t, first_broken_seq: 1 }],
    });
    expect(after.chains.audit.verified).toBe(true);
  });

  it("finds an audit entry changed, or removed, directly in the database", async () => {
    const c = await createCase({ notes: "Card testing from one device." });
    const id = c.body.case_id as string;
    await patchCase(id, { status: "resolved", resolution: "confirmed_fraud" });
    await patchCase(id, { notes: "Customer called." });
    expect((await exportOf(id)).chains.audit).toMatchObject({ verified: true, entries: 5 });

    await tamper(sql`update case_events set details = '{"note": "Nothing found."}'::jsonb where case_id = ${id} and seq = 2`);
    expect((await exportOf(id)).chains.audit).toEqual({ verified: false, entries: 5, first_broken_seq: 2, unhashed: 0 });

    const other = (await createCase({ notes: "x" })).body.case_id as string;
    await patchCase(other, { status: "in_review" });
    await tamper(sql`delete from case_events where case_id = ${other} and seq = 2`);
    expect((await exportOf(other)).chains.audit).toMatchObject({ verified: false, entries: 2, first_broken_seq: 3 });
  });

  it("treats entries written before hashing as the chain's start, and refuses a hash removed later", async () => {
    const id = (await createCase({ notes: "Old entry." })).body.case_id as string;
    // As a case written before the migration: its entries have no hash.
    await tamper(sql`update case_events set hash = null where case_id = ${id}`);
    await patchCase(id, { status: "in_review" });
    expect((await exportOf(id)).chains.audit).toEqual({ verified: true, entries: 3, first_broken_seq: null, unhashed: 2 });
    await patchCase(id, { notes: "New." });
    await tamper(sql`update case_events set hash = null where case_id = ${id} and seq = 4`);
    expect((await exportOf(id)).chains.audit).toMatchObject({ verified: false, first_broken_seq: 4 });
  });

  it("keeps one chain under concurrent writers", async () => {
    const id = (await createCase()).body.case_id as string;
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => patchCase(id, { notes: `note ${i}`, snapshot: { viewed_at: `2026-11-28T00:00:0${i}Z` } })),
    );
    expect(rs.every((r) => r.status === 200)).toBe(true);
    expect((await exportOf(id)).chains.audit).toEqual({ verified: true, entries: 9, first_broken_seq: null, unhashed: 0 });
  });

  it("keeps one decision chain under concurrent decisions on a transaction", async () => {
    const t = (await score(api, bearer(key), scoreBody({ user: { id: uniq("cc"), email: "c@example.com" } }))).body
      .transaction_id as string;
    const rs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(url("/v1/decisions"), {
          headers: bearer(key),
          body: { transaction_id: t, decision: "challenge", reason: "manual_review", notes: `look ${i}` },
        }),
      ),
    );
    expect(rs.every((r) => r.status === 201)).toBe(true);
    const id = (await createCase({ transaction_ids: [t] })).body.case_id as string;
    expect((await exportOf(id)).chains.decisions).toMatchObject({ verified: true, entries: 6, chains: 1 });
  });

  it("refuses a snapshot that is too large or has unknown fields, naming it", async () => {
    const big = await createCase({ snapshot: { other: { blob: "x".repeat(17_000) } } });
    expect(big.status).toBe(400);
    expect(big.body.error).toMatchObject({ code: "invalid_field_value", param: "snapshot" });
    const unknown = await createCase({ snapshot: { risk_score: 5, sneaky: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toMatch(/^snapshot/);
    const wrong = await call(url("/v1/decisions"), {
      headers: bearer(key),
      body: { transaction_id: "txn_x", decision: "allow", reason: "manual_review", snapshot: { risk_score: 500 } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.param).toBe("snapshot.risk_score");
    // A snapshot alone is not a change.
    const id = (await createCase()).body.case_id as string;
    const alone = await patchCase(id, { snapshot: shown });
    expect(alone.status).toBe(400);
    expect(alone.body.error.code).toBe("missing_required_field");
  });
});
