import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { score, scoreBody, uniq } from "../../../test/score-helpers";
import type { Db } from "../../../db/client";

// A transaction's detail says whether its decision chain verifies (the console's "Chain
// verified" badge), and finds a decision changed or removed directly in the database.

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  key = (await api.key({ account: "txn-chain-co" })).key;
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const detail = async (id: string) => {
  const r = await call(url(`/v1/transactions/${id}`), { headers: bearer(key) });
  expect(r.status).toBe(200);
  return r.body;
};
const decide = (transactionId: string, decision: string, reason: string) =>
  call(url("/v1/decisions"), { headers: bearer(key), body: { transaction_id: transactionId, decision, reason } });

/** Changes stored rows past the append-only triggers, as someone with the database's superuser would. */
async function tamper(statement: ReturnType<typeof sql>) {
  const db = api.deps.database.db as Db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe("GET /v1/transactions/{id} decision_chain", () => {
  it("verifies an empty chain and a chain of decisions", async () => {
    const t = (await score(api, bearer(key), scoreBody({ user: { id: uniq("tc") } }))).body.transaction_id as string;
    expect((await detail(t)).decision_chain).toEqual({ verified: true, entries: 0, first_broken_seq: null, unhashed: 0 });
    expect((await decide(t, "block", "confirmed_fraud")).status).toBe(201);
    expect((await decide(t, "allow", "false_positive")).status).toBe(201);
    expect((await detail(t)).decision_chain).toEqual({ verified: true, entries: 2, first_broken_seq: null, unhashed: 0 });
  });

  it("reports the first decision changed in the database, and a removed one", async () => {
    const t = (await score(api, bearer(key), scoreBody({ user: { id: uniq("tc") } }))).body.transaction_id as string;
    const first = (await decide(t, "challenge", "manual_review")).body.decision_id as string;
    await decide(t, "block", "confirmed_fraud");
    await decide(t, "allow", "false_positive");
    await tamper(sql`update decisions set notes = 'nothing to see' where id = ${first}`);
    expect((await detail(t)).decision_chain).toEqual({ verified: false, entries: 3, first_broken_seq: 1, unhashed: 0 });

    const u = (await score(api, bearer(key), scoreBody({ user: { id: uniq("tc") } }))).body.transaction_id as string;
    await decide(u, "challenge", "manual_review");
    await decide(u, "block", "confirmed_fraud");
    await decide(u, "allow", "false_positive");
    await tamper(sql`delete from decisions where transaction_id = ${u} and seq = 2`);
    expect((await detail(u)).decision_chain).toMatchObject({ verified: false, entries: 2, first_broken_seq: 3 });
  });
});
