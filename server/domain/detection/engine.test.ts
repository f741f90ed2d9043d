import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, startTestApi, type TestApi } from "../../test/harness";
import { rows } from "../../db/client";
import { transactions } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { createRng, type Rng } from "../../cli/demo-stream/rng";
import { card, person, publicIp } from "../../cli/demo-stream/people";
import { scoreBody } from "../../cli/demo-stream/ordinary";
import { alertRows, harness, settle, type Harness } from "../../test/detection-support";
import { enqueueDetection } from "./trigger";

// Folding, per-account thresholds through /api/v1/policies/detection, and the account-wide
// velocity spike (which needs an hour of history: that part is inserted with past timestamps).

let api: TestApi;
let rng: Rng;
let n = 0;
beforeAll(async () => {
  api = await startTestApi();
  rng = createRng(11);
});
afterAll(() => api?.close());

const fresh = async () => harness(api, `engine-${++n}`);
const someone = () => ({ ...person(rng, `u_${rng.digits(8)}`), currency: "USD" });
const scoreFrom = (h: Harness, ip: string, amount = 400) =>
  h.client.post("/v1/transactions/score", scoreBody(someone(), amount, card(rng), { ip }));
const eventCount = async (scope: Scope, table: "events" | "webhook_events", column: "event_type" | "type") =>
  Number(
    (
      await rows<{ n: number }>(
        api.deps.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where account_id = ${scope.accountId} and ${sql.identifier(column)} = 'alert.triggered'`,
      )
    )[0]?.n,
  );

describe("folding", () => {
  it("folds later hits of the same type and key into the open alert: counts and updated_at move, no second alert or event", async () => {
    const h = await fresh();
    await api.subscribe(h.scope.accountId, { events: ["alert.triggered"] });
    const ip = publicIp(rng);
    for (let i = 0; i < 10; i++) await scoreFrom(h, ip);
    await settle(api, h.scope);
    const [first] = await alertRows(api, h.scope);
    expect(first).toMatchObject({ alertType: "card_testing", affectedTransactions: 10, affectedUsers: 10 });
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 3; i++) await scoreFrom(h, ip, 250_000);
    await settle(api, h.scope);
    const all = await alertRows(api, h.scope);
    const cardTesting = all.filter((a) => a.alertType === "card_testing");
    expect(cardTesting).toHaveLength(1);
    const folded = cardTesting[0]!;
    expect(folded.id).toBe(first!.id);
    expect(folded).toMatchObject({ affectedTransactions: 13, affectedUsers: 13 });
    expect(folded.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
    expect(folded.createdAt.getTime()).toBe(first!.createdAt.getTime());
    // Exposure grew with the large attempts: severity follows (raiseAlert recomputes it).
    expect(folded.exposureAmount).toBe(10 * 400 + 3 * 250_000);
    expect(folded.summary).toMatch(/^13 distinct cards/);
    // One alert.triggered log event and one webhook, from the first hit only. (13 users on one
    // new IP also make a new_device_cluster alert: a different type, its own event.)
    const others = all.length - 1;
    expect(await eventCount(h.scope, "events", "event_type")).toBe(1 + others);
    expect(await eventCount(h.scope, "webhook_events", "type")).toBe(1 + others);
  });

  it("evaluates each write once: announcing a write twice counts it once", async () => {
    const h = await fresh();
    const ip = publicIp(rng);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await scoreFrom(h, ip)).body.transaction_id);
    for (const id of ids)
      await api.deps.database.db.transaction((tx) => enqueueDetection(tx as never, api.deps.jobs, h.scope, "transaction", id));
    await settle(api, h.scope);
    const [v] = await rows<{ n: number }>(
      api.deps.database.db,
      sql`select coalesce(sum(scores), 0)::int as n from detection_volume where account_id = ${h.scope.accountId}`,
    );
    expect(Number(v!.n)).toBe(10);
  });
});

describe("per-account thresholds (/api/v1/policies/detection)", () => {
  it("reads the defaults, lets an admin change them, and the engine applies them", async () => {
    const h = await fresh();
    const account = `engine-${n}`;
    const admin = await api.consoleToken((await api.analyst({ role: "admin", account })).id);
    const analyst = await api.consoleToken((await api.analyst({ role: "analyst", account })).id);
    const url = `${h.url}/api/v1/policies/detection`;
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });

    const initial = await call(url, { headers: auth(analyst) });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ object: "detection_policy", environment: "live", version: 0, overrides: {} });
    expect(initial.body.detectors.card_testing).toMatchObject({
      enabled: true,
      distinct_cards: 10,
      window_minutes: 10,
      small_amount: 1000,
      small_share: 0.7,
    });
    expect(initial.body.detectors.velocity_spike).toMatchObject({
      scores: 20,
      window_minutes: 5,
      account_multiplier: 3,
      account_min_scores: 100,
    });
    expect(initial.body.detectors.new_device_cluster).toMatchObject({ distinct_users: 5, window_minutes: 60 });
    expect(initial.body.detectors.ato_pattern).toMatchObject({ users: 3, follow_minutes: 60, amount_multiplier: 3 });
    expect(initial.body.detectors.identity_abuse).toMatchObject({ user_ids: 3 });

    expect((await call(url, { method: "PUT", headers: auth(analyst), body: {} })).status).toBe(403);
    expect((await call(url, { method: "PUT", headers: { "x-api-key": h.key }, body: {} })).status).toBe(403);
    const bad = await call(url, { method: "PUT", headers: auth(admin), body: { card_testing: { distinct_cards: 1 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_field_value", param: "card_testing.distinct_cards" });
    const wrongType = await call(url, { method: "PUT", headers: auth(admin), body: { velocity_spike: { window_minutes: "5" } } });
    expect(wrongType.body.error).toMatchObject({ code: "invalid_field_value", param: "velocity_spike.window_minutes" });
    expect((await call(url, { method: "PUT", headers: auth(admin), body: { card_testing: { distinct_cardz: 3 } } })).status).toBe(400);

    const put = await call(url, {
      method: "PUT",
      headers: auth(admin),
      body: { card_testing: { distinct_cards: 3, window_minutes: 10 }, new_device_cluster: { enabled: false } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      version: 1,
      overrides: { card_testing: { distinct_cards: 3 }, new_device_cluster: { enabled: false } },
    });
    expect(put.body.detectors.card_testing.distinct_cards).toBe(3);
    expect(put.body.updated_by).toMatch(/^ana_/);

    const ip = publicIp(rng);
    for (let i = 0; i < 3; i++) await scoreFrom(h, ip);
    await settle(api, h.scope);
    expect((await alertRows(api, h.scope)).map((a) => a.key)).toEqual([`ip:${ip}`]);

    // The other environment keeps its own (default) thresholds.
    const pre = await call(`${api.url.test}/api/v1/policies/detection`, { headers: auth(analyst) });
    expect(pre.body).toMatchObject({ environment: "test", version: 0 });

    const reset = await call(url, { method: "PUT", headers: auth(admin), body: {} });
    expect(reset.body).toMatchObject({ version: 2, overrides: {} });
  });
});

/** Live scores stamped in the past: one every `everyMs` from `fromMs` ago to `toMs` ago. */
async function history(scope: Scope, fromMs: number, toMs: number, everyMs: number) {
  const now = Date.now();
  const values: (typeof transactions.$inferInsert)[] = [];
  for (let t = now - fromMs; t <= now - toMs; t += everyMs) {
    values.push({
      id: newId("txn"),
      ...scope,
      userId: `hist_${values.length}`,
      amount: 2500,
      currency: "USD",
      paymentMethodType: "card",
      riskScore: 5,
      decision: "allow" as const,
      signals: [],
      modelVersion: "test",
      latencyMs: 1,
      createdAt: new Date(t),
    });
  }
  const db = api.deps.database.db;
  for (let i = 0; i < values.length; i += 500) await db.insert(transactions).values(values.slice(i, i + 500));
  await db.transaction((tx) =>
    enqueueDetection(
      tx as never,
      api.deps.jobs,
      scope,
      "transaction",
      values.map((v) => v.id as string),
    ),
  );
  await settle(api, scope);
}

describe("velocity_spike, account-wide", () => {
  const MIN = 60_000;
  const burst = async (h: Harness, count: number) => {
    for (let i = 0; i < count; i++)
      await h.client.post("/v1/transactions/score", scoreBody(someone(), 3000, card(rng), { ip: publicIp(rng) }));
    await settle(api, h.scope);
  };

  it("fires when 5-minute volume reaches 100 and 3× the hourly baseline, once an hour of history exists", async () => {
    const h = await fresh();
    await history(h.scope, 70 * MIN, 6 * MIN, MIN); // ~1 score a minute: a baseline of ~5 per 5 minutes
    await burst(h, 99);
    expect(await alertRows(api, h.scope)).toEqual([]);
    await burst(h, 1);
    const [alert] = await alertRows(api, h.scope);
    expect(alert).toMatchObject({ alertType: "velocity_spike", key: "account" });
    expect(alert!.evidence).toMatchObject({ scope: "account", window_volume: 100, window_minutes: 5 });
    expect(alert!.summary).toMatch(/^100 scores in 5 minutes across the account, \d+(\.\d)?× its hourly baseline/);
    expect(alert!.affectedTransactions).toBe(100);
  });

  it("stays silent without an hour of history, and when the baseline is already high", async () => {
    const young = await fresh();
    await history(young.scope, 40 * MIN, 6 * MIN, MIN);
    await burst(young, 110);
    expect(await alertRows(api, young.scope)).toEqual([]);

    const busy = await fresh();
    await history(busy.scope, 65 * MIN, 5 * MIN + 5_000, 1_500); // 200 per 5 minutes
    await burst(busy, 110);
    expect(await alertRows(api, busy.scope)).toEqual([]);
  });
});
