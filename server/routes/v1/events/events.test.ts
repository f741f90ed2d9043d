import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { rows } from "../../../db/client";
import { ensureAccount } from "../../../domain/accounts/accounts";
import { purgeExpiredEvidence } from "../../../domain/events/retention";
import { riskJobs } from "../../../domain/scoring/jobs";
import { decide, score, scoreBody, setPolicy, uniq } from "../../../test/score-helpers";

let api: TestApi;
let h: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  h = bearer((await api.key({ account: "events-co" })).key);
});
afterAll(() => api?.close());

const list = (q = "", headers = h) => call(`${api.url.live}/v1/events${q ? `?${q}` : ""}`, { headers });
const db = () => api.deps.database.db;

describe("GET /v1/events", () => {
  it("lists newest first with every filter", async () => {
    const user = uniq();
    const a = await score(api, h, scoreBody({ user: { id: user } }));
    const b = await score(api, h, scoreBody({ user: { id: user } }));
    await decide(api, h, a.body.transaction_id, "manual_review", "challenge");
    const byUser = await list(`user_id=${user}`);
    expect(byUser.status).toBe(200);
    expect(byUser.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(byUser.body.data.map((e: { event_type: string }) => e.event_type)).toEqual([
      "decision.submitted",
      "transaction.scored",
      "transaction.scored",
    ]);
    const ids = byUser.body.data.map((e: { event_id: string }) => e.event_id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const byTxn = await list(`transaction_id=${a.body.transaction_id}`);
    expect(byTxn.body.data.every((e: { transaction_id: string }) => e.transaction_id === a.body.transaction_id)).toBe(true);
    expect(byTxn.body.data).toHaveLength(2);
    const byType = await list(`user_id=${user}&event_type=transaction.scored`);
    expect(byType.body.data.map((e: { transaction_id: string }) => e.transaction_id)).toEqual([
      b.body.transaction_id,
      a.body.transaction_id,
    ]);
    expect(byType.body.data[0]).toMatchObject({ object: "event", user_id: user, payload: { risk_score: b.body.risk_score } });
  });

  it("filters on time: start_time at or after, end_time before or at (to the second)", async () => {
    const user = uniq();
    await score(api, h, scoreBody({ user: { id: user } }));
    const created = (await list(`user_id=${user}`)).body.data[0].created_at as string;
    expect((await list(`user_id=${user}&start_time=${created}`)).body.data).toHaveLength(1);
    expect((await list(`user_id=${user}&end_time=${created}`)).body.data).toHaveLength(1);
    const later = new Date(Date.parse(created) + 1000).toISOString();
    const earlier = new Date(Date.parse(created) - 1000).toISOString();
    expect((await list(`user_id=${user}&start_time=${later}`)).body.data).toHaveLength(0);
    expect((await list(`user_id=${user}&end_time=${earlier}`)).body.data).toHaveLength(0);
    expect((await list(`user_id=${user}&start_time=${created.slice(0, 10)}`)).body.data).toHaveLength(1);
  });

  it("pages with the cursor", async () => {
    const user = uniq();
    for (let i = 0; i < 5; i++) await score(api, h, scoreBody({ user: { id: user } }));
    const all = (await list(`user_id=${user}&limit=100`)).body.data.map((e: { event_id: string }) => e.event_id);
    const seen: string[] = [];
    let q = `user_id=${user}&limit=2`;
    for (let i = 0; i < 5; i++) {
      const p = await list(q);
      seen.push(...p.body.data.map((e: { event_id: string }) => e.event_id));
      if (!p.body.has_more) {
        expect(p.body.next_cursor).toBeNull();
        break;
      }
      q = `user_id=${user}&limit=2&after=${p.body.next_cursor}`;
    }
    expect(seen).toEqual(all);
    expect(all).toHaveLength(5);
  });

  it("validates its parameters", async () => {
    for (const [q, param] of [
      ["event_type=transaction.deleted", "event_type"],
      ["start_time=yesterday", "start_time"],
      ["end_time=2025-13-40T00:00:00Z", "end_time"],
      ["start_time=2025-02-01T00:00:00Z&end_time=2025-01-01T00:00:00Z", "end_time"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=1e1", "limit"],
      ["limit=0x5", "limit"],
      ["limit=%205", "limit"],
      ["limit=", "limit"],
      ["after=garbage", "after"],
    ]) {
      const r = await list(q as string);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toMatchObject({ code: "invalid_field_value", param });
    }
  });

  it("needs events:read and shows only this account and environment", async () => {
    const writer = bearer((await api.key({ account: "events-co", scopes: ["transactions:write"] })).key);
    expect((await list("", writer)).status).toBe(403);
    const user = uniq();
    await score(api, h, scoreBody({ user: { id: user } }));
    const other = bearer((await api.key({ account: "someone" })).key);
    expect((await list(`user_id=${user}`, other)).body.data).toEqual([]);
    const test = bearer((await api.key({ account: "events-co", env: "test" })).key);
    expect((await call(`${api.url.test}/v1/events?user_id=${user}`, { headers: test })).body.data).toEqual([]);
  });
});

describe("retention", () => {
  const insertOld = async (accountId: string, daysAgo: number, userId: string) => {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    await db().execute(sql`insert into events (id, account_id, environment, event_type, user_id, payload, created_at)
      values (${uniq("evt_old_")}, ${accountId}, 'live', 'transaction.scored', ${userId}, '{}'::jsonb, ${at}::timestamptz)`);
    await db().execute(sql`insert into decisions (id, account_id, environment, transaction_id, decision, reason, actor_id, seq, created_at)
      values (${uniq("dec_old_")}, ${accountId}, 'live', ${uniq("txn_")}, 'allow', 'manual_review', 'key_x', 1, ${at}::timestamptz)`);
  };
  const counts = async (accountId: string) =>
    (
      await rows<{ e: number; d: number }>(
        db(),
        sql`select (select count(*)::int from events where account_id = ${accountId}) as e, (select count(*)::int from decisions where account_id = ${accountId}) as d`,
      )
    )[0]!;

  it("purges evidence older than the account's retention (default 7 years), by the periodic job", async () => {
    const short = await ensureAccount(db(), uniq("short-retention"));
    const normal = await ensureAccount(db(), uniq("normal-retention"));
    await setPolicy(api, short.name, { retention_days: 30 });
    for (const acct of [short.id, normal.id]) {
      await insertOld(acct, 40, "old-user");
      await insertOld(acct, 10, "recent-user");
    }
    await insertOld(normal.id, 2558, "ancient-user");
    expect(await counts(short.id)).toEqual({ e: 2, d: 2 });
    expect(await counts(normal.id)).toEqual({ e: 3, d: 3 });
    await riskJobs["evidence.retention_purge"]!.run({}, { db: db(), log: api.deps.logger } as never);
    expect(await counts(short.id)).toEqual({ e: 1, d: 1 });
    expect(await counts(normal.id)).toEqual({ e: 2, d: 2 });
    expect(await purgeExpiredEvidence(db())).toEqual({ events: 0, decisions: 0 });
  });
});
