import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { transactions, type Decision } from "../../../db/schema";
import { scopeValues, type Scope } from "../../../db/scope";
import { newId } from "../../../core/ids";

// GET /v1/transactions (server/domain/scoring/README.md, "Transactions list"): live assessments,
// newest or oldest first, filtered by the engine's decision, the review state, label, user, score
// and time, each item with its latest analyst decision.

let api: TestApi;
let key: string;
let scope: Scope;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "txn-list-co" });
  key = k.key;
  scope = { accountId: k.accountId, environment: "live" };
});
afterAll(() => api?.close());

const url = (path: string) => `${api.url.live}${path}`;
const get = (path: string, k = key) => call(url(path), { headers: bearer(k) });
const decide = (transactionId: string, decision: Decision, reason: string) =>
  call(url("/v1/decisions"), { headers: bearer(key), body: { transaction_id: transactionId, decision, reason } });

const base = Date.parse("2026-03-01T10:00:00Z");
/** A stored live assessment, `minute` minutes after a fixed start (the engine writes these when it scores). */
async function txn(t: { minute: number; decision: Decision; score: number; userId?: string; s?: Scope }): Promise<string> {
  const id = newId("txn");
  await api.deps.database.db.insert(transactions).values({
    id,
    ...scopeValues(t.s ?? scope),
    userId: t.userId ?? "u_list",
    amount: 2500,
    currency: "USD",
    paymentMethodType: "card",
    cardBin: "411111",
    cardLastFour: "1111",
    riskScore: t.score,
    decision: t.decision,
    signals: [],
    modelVersion: "test",
    latencyMs: 1,
    createdAt: new Date(base + t.minute * 60_000),
  });
  return id;
}

const ids = (r: { body: { data: { transaction_id: string }[] } }) => r.body.data.map((x) => x.transaction_id);

/** Every page of a list, following next_cursor. */
async function all(path: string): Promise<string[]> {
  const out: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const r = await get(`${path}${after ? `&after=${after}` : ""}`);
    expect(r.status).toBe(200);
    out.push(...ids(r));
    if (!r.body.has_more) return out;
    after = r.body.next_cursor;
  }
  throw new Error("too many pages");
}

let allow1: string, challenge1: string, block1: string, challenge2: string, allow2: string, block2: string;
beforeAll(async () => {
  allow1 = await txn({ minute: 0, decision: "allow", score: 10 });
  challenge1 = await txn({ minute: 1, decision: "challenge", score: 45 });
  block1 = await txn({ minute: 2, decision: "block", score: 80, userId: "u_other" });
  challenge2 = await txn({ minute: 3, decision: "challenge", score: 60 });
  allow2 = await txn({ minute: 4, decision: "allow", score: 5 });
  block2 = await txn({ minute: 5, decision: "block", score: 95 });
  // Another environment's rows are never listed.
  await txn({ minute: 6, decision: "block", score: 99, s: { ...scope, environment: "test" } });
  expect((await decide(block2, "block", "confirmed_fraud")).status).toBe(201);
});

describe("GET /v1/transactions", () => {
  it("lists newest first in the list shape, items without the chain but with the latest decision", async () => {
    const r = await get("/v1/transactions");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(ids(r)).toEqual([block2, allow2, challenge2, block1, challenge1, allow1]);
    const decided = r.body.data[0];
    expect(decided).toMatchObject({
      object: "transaction_score",
      transaction_id: block2,
      decision: "block",
      final_decision: "block",
      label: "fraud",
      amount: 2500,
      payment_method: { type: "card", card_bin: "411111", last_four: "1111" },
      latest_decision: { object: "decision", decision: "block", reason: "confirmed_fraud", seq: 1, transaction_id: block2 },
    });
    expect(decided).not.toHaveProperty("decisions");
    expect(r.body.data[1].latest_decision).toBeNull();
  });

  it("gives the review queue: challenged or blocked with no analyst decision, oldest first, and a decided one leaves it", async () => {
    expect(ids(await get("/v1/transactions?review=pending&order=asc"))).toEqual([challenge1, block1, challenge2]);
    expect(ids(await get("/v1/transactions?review=pending"))).toEqual([challenge2, block1, challenge1]);
    expect(ids(await get("/v1/transactions?review=decided"))).toEqual([block2]);
    const s = { accountId: scope.accountId, environment: "live" as const };
    const extra = await txn({ minute: 7, decision: "challenge", score: 50, s });
    expect(ids(await get("/v1/transactions?review=pending&order=asc")).at(-1)).toBe(extra);
    expect((await decide(extra, "allow", "false_positive")).status).toBe(201);
    expect(ids(await get("/v1/transactions?review=pending&order=asc"))).toEqual([challenge1, block1, challenge2]);
    const decided = await get("/v1/transactions?review=decided&label=legit");
    expect(ids(decided)).toEqual([extra]);
    expect(decided.body.data[0]).toMatchObject({
      decision: "challenge",
      final_decision: "allow",
      latest_decision: { reason: "false_positive" },
    });
  });

  it("filters by the engine's decision, label, user, score and time, combined", async () => {
    expect(ids(await get("/v1/transactions?decision=challenge&end_time=2026-03-01T10:05:00Z"))).toEqual([challenge2, challenge1]);
    expect(ids(await get("/v1/transactions?decision=allow"))).toEqual([allow2, allow1]);
    expect(ids(await get("/v1/transactions?label=fraud"))).toEqual([block2]);
    expect(ids(await get("/v1/transactions?user_id=u_other"))).toEqual([block1]);
    expect(ids(await get("/v1/transactions?min_score=45&max_score=80&end_time=2026-03-01T10:05:00Z"))).toEqual([
      challenge2,
      block1,
      challenge1,
    ]);
    expect(ids(await get("/v1/transactions?start_time=2026-03-01T10:01:00Z&end_time=2026-03-01T10:03:00Z"))).toEqual([
      challenge2,
      block1,
      challenge1,
    ]);
    expect(ids(await get("/v1/transactions?review=pending&min_score=50&order=asc"))).toEqual([block1, challenge2]);
    expect(ids(await get("/v1/transactions?user_id=nobody"))).toEqual([]);
  });

  it("pages through every row in either order with stable cursors, and refuses a cursor of the other order", async () => {
    const newest = await all("/v1/transactions?limit=2&end_time=2026-03-01T10:05:00Z");
    expect(newest).toEqual([block2, allow2, challenge2, block1, challenge1, allow1]);
    const oldest = await all("/v1/transactions?limit=4&order=asc&end_time=2026-03-01T10:05:00Z");
    expect(oldest).toEqual([allow1, challenge1, block1, challenge2, allow2, block2]);
    const first = await get("/v1/transactions?limit=1&order=asc");
    const wrong = await get(`/v1/transactions?limit=1&after=${first.body.next_cursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "invalid_field_value", param: "after" });
    const firstDesc = await get("/v1/transactions?limit=1");
    expect((await get(`/v1/transactions?limit=1&order=asc&after=${firstDesc.body.next_cursor}`)).body.error).toMatchObject({
      param: "after",
    });
  });

  it("needs events:read", async () => {
    const alertsOnly = await api.key({ account: "txn-list-co", scopes: ["alerts:read"] });
    expect((await get("/v1/transactions", alertsOnly.key)).status).toBe(403);
    const reader = await api.key({ account: "txn-list-co", scopes: ["events:read"] });
    expect((await get("/v1/transactions", reader.key)).status).toBe(200);
  });

  it("answers every bad parameter with a 400 naming it", async () => {
    const bad: [string, string][] = [
      ["decision=approve", "decision"],
      ["review=open", "review"],
      ["label=bad", "label"],
      ["min_score=-1", "min_score"],
      ["min_score=101", "min_score"],
      ["max_score=1.5", "max_score"],
      ["min_score=50&max_score=40", "max_score"],
      ["start_time=yesterday", "start_time"],
      ["start_time=2026-03-02&end_time=2026-03-01", "end_time"],
      ["order=newest", "order"],
      ["limit=0", "limit"],
      ["after=garbage", "after"],
      ["user_id=", "user_id"],
    ];
    for (const [query, param] of bad) {
      const r = await get(`/v1/transactions?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error, query).toMatchObject({ code: "invalid_field_value", param });
    }
  });
});
