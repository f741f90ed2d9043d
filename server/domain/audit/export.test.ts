import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { freshDatabase } from "../../test/database";
import { auditEntries } from "./export";

let database: Database;
const scope = { accountId: "acct_audit", environment: "live" as const };
const start = new Date("2026-05-01T00:00:00Z");

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  await db.execute(sql`insert into accounts (id, name) values ('acct_audit', 'audit')`);
  // Decisions and sign-ins interleaved in time, some on the same millisecond; a key revoked later
  // with a microsecond timestamp (now()-style), which a millisecond cursor must not repeat.
  await db.execute(sql`
    insert into decisions (id, account_id, environment, transaction_id, decision, reason, actor_id, seq, created_at)
    select 'dec_' || lpad(g::text, 4, '0'), 'acct_audit', 'live', 'txn_' || g, 'allow', 'false_positive', 'key_a', 1, ${start}::timestamptz + (g / 2) * interval '1 second'
    from generate_series(1, 40) g`);
  await db.execute(sql`
    insert into analysts (id, account_id, email, name, role, created_at) values ('ana_1', 'acct_audit', 'a@example.com', 'A', 'admin', ${start})`);
  await db.execute(sql`
    insert into analyst_sessions (id, analyst_id, account_id, method, created_at, expires_at)
    select 'ses_' || lpad(g::text, 4, '0'), 'ana_1', 'acct_audit', 'password', ${start}::timestamptz + g * interval '1 second', ${start}::timestamptz + interval '1 day'
    from generate_series(1, 15) g`);
  await db.execute(sql`
    insert into api_keys (id, account_id, environment, label, key_hash, last_four, created_at, revoked_at) values
      ('key_a', 'acct_audit', 'live', 'main', 'h1', 'abcd', ${start}, ${start}::timestamptz + interval '3.5000017 seconds'),
      ('key_b', 'acct_audit', 'live', 'spare', 'h2', 'efgh', ${start}, ${start}::timestamptz + interval '3.5000042 seconds')`);
  // A blind second review drawn, then given; another drawn and still pending.
  await db.execute(sql`
    insert into quality_reviews (id, account_id, environment, case_id, first_analyst_id, first_resolution, resolved_seq,
      second_analyst_id, second_resolution, agreed, status, drawn_at, completed_at) values
      ('qr_1', 'acct_audit', 'live', 'case_1', 'ana_1', 'false_positive', 3, 'ana_2', 'confirmed_fraud', false, 'completed',
        ${start}::timestamptz + interval '5 seconds', ${start}::timestamptz + interval '9 seconds'),
      ('qr_2', 'acct_audit', 'live', 'case_2', 'ana_1', 'inconclusive', 2, null, null, null, 'pending',
        ${start}::timestamptz + interval '6 seconds', null)`);
});
afterAll(() => database?.close());

const all = async (page: number) => {
  const out = [];
  for await (const line of auditEntries(database.db, scope, { start, end: new Date(start.getTime() + 3_600_000) }, page)) out.push(line);
  return out;
};

describe("auditEntries", () => {
  it("merges every source oldest first, each entry once, whatever the page size", async () => {
    const big = await all(1_000);
    expect(big).toHaveLength(40 + 1 + 15 + 2 + 2 + 3);
    for (let i = 1; i < big.length; i++) expect(big[i]!.at.getTime()).toBeGreaterThanOrEqual(big[i - 1]!.at.getTime());
    expect(big.filter((l) => l.type === "api_key.revoked").map((l) => l.id)).toEqual(["key_a.revoked", "key_b.revoked"]);
    expect(big.filter((l) => l.type.startsWith("quality_review.")).map((l) => [l.id, l.actor])).toEqual([
      ["qr_1.drawn", null],
      ["qr_2.drawn", null],
      ["qr_1.completed", "ana_2"],
    ]);
    expect(big.find((l) => l.id === "qr_1.completed")!.data).toMatchObject({
      first_resolution: "false_positive",
      second_resolution: "confirmed_fraud",
      agreed: false,
    });
    for (const page of [1, 2, 3, 7]) expect((await all(page)).map((l) => l.id)).toEqual(big.map((l) => l.id));
  });

  it("refuses a period over a year or reversed before reading anything", () => {
    expect(() => auditEntries(database.db, scope, { start, end: new Date(start.getTime() + 367 * 86_400_000) })).toThrow(/366 days/);
    expect(() => auditEntries(database.db, scope, { start, end: new Date(start.getTime() - 1) })).toThrow(/before start_time/);
  });
});
