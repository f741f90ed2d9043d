import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { freshDatabase } from "../../test/database";
import { rows, type Database, type Db } from "../../db/client";
import { alertExposure, alerts, alertTransactions, alertUsers, events, jobs, transactions, webhookEvents } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { JobQueue } from "../../jobs/queue";
import { raiseAlert, raiseAlerts, type RaiseAlertInput } from "./raise";
import { toMajorUnits } from "./severity";
import { updateAlert } from "./store";
import { insertTransaction } from "../../test/alert-fixtures";
import { subscribeEndpoint } from "../../test/webhook-endpoints";

let database: Database;
let db: Db;
const queue = new JobQueue();
let n = 0;
const scope = (): Scope => ({ accountId: `acct_raise_${++n}`, environment: "live" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(() => database?.close());

const hit = (over: Partial<RaiseAlertInput> = {}): RaiseAlertInput => ({
  type: "card_testing",
  key: "ip:203.0.113.7",
  confidence: 0.8,
  userIds: [],
  transactionIds: [],
  summary: "10 distinct cards from IP 203.0.113.7 within 10 minutes",
  ...over,
});

async function triggered(s: Scope) {
  const logged = await db
    .select()
    .from(events)
    .where(and(eq(events.accountId, s.accountId), eq(events.eventType, "alert.triggered")));
  const hooks = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.accountId, s.accountId), eq(webhookEvents.type, "alert.triggered")));
  return { logged, hooks };
}

const alertsOf = (s: Scope) => db.select().from(alerts).where(inScope(alerts, s));

/** An enabled endpoint of the scope subscribed to alert.triggered (without one, no webhook event is written). */
const subscribe = (s: Scope, events = ["alert.triggered"]) => subscribeEndpoint(db, s, { events });
const fanoutsOf = async (hookIds: string[]) =>
  (await db.select().from(jobs).where(eq(jobs.type, "webhooks.fanout"))).filter((j) => hookIds.includes(String(j.payload.event_id)));

describe("raiseAlert", () => {
  it("creates an open alert with de-duplicated members, its log event and its webhook, once", async () => {
    const s = scope();
    await subscribe(s);
    const t1 = await insertTransaction(db, s, { userId: "u1", amount: 2_500 });
    const t2 = await insertTransaction(db, s, { userId: "u2", amount: 7_500 });
    const { alert, created } = await raiseAlert(
      db,
      queue,
      s,
      hit({ userIds: ["u1", "u2", "u1"], transactionIds: [t1, t2, t1], evidence: { distinct_cards: 10 } }),
    );
    expect(created).toBe(true);
    expect(alert).toMatchObject({
      status: "open",
      alertType: "card_testing",
      affectedUsers: 2,
      affectedTransactions: 2,
      exposureAmount: 10_000,
      exposureCurrency: "USD",
      evidence: { distinct_cards: 10 },
      // confidence 0.8 → 2 points, volume 2 → 0, $100 → 0: total 2
      severity: "low",
    });
    expect(alert.updatedAt.getTime()).toBe(alert.createdAt.getTime());
    const { logged, hooks } = await triggered(s);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ transactionId: t2, userId: "u2" });
    expect(logged[0]!.payload).toMatchObject({ alert_id: alert.id, alert_type: "card_testing", affected_users: 2 });
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.data).toMatchObject({
      object: "alert",
      alert_id: alert.id,
      status: "open",
      severity: "low",
      affected_transactions: 2,
    });
    expect(await fanoutsOf([hooks[0]!.id])).toHaveLength(1);
  });

  it("writes the webhook event and its fan-out only where an enabled endpoint subscribes to alert.triggered", async () => {
    const s = scope();
    await subscribe(s, ["case.updated"]);
    await subscribe({ ...s, environment: "test" }, ["*"]);
    await raiseAlert(db, queue, s, hit({ key: "ip:none" }));
    await subscribe(s, ["*"]);
    await raiseAlert(db, queue, s, hit({ key: "ip:star" }));
    const { logged, hooks } = await triggered(s);
    expect(logged).toHaveLength(2);
    expect(hooks.map((h) => (h.data as { key: string }).key)).toEqual(["ip:star"]);
    expect((await fanoutsOf(hooks.map((h) => h.id))).map((j) => j.payload.event_id)).toEqual([hooks[0]!.id]);
  });

  it("folds new hits into the open alert of the same type and key: recount, new severity, updated_at, no new event", async () => {
    const s = scope();
    await subscribe(s);
    const first = await raiseAlert(db, queue, s, hit({ userIds: ["a", "b"], confidence: 0.8 }));
    await sleep(10);
    const txns: string[] = [];
    for (let i = 0; i < 20; i++) txns.push(await insertTransaction(db, s, { userId: `u${i}`, amount: 60_000 }));
    const second = await raiseAlert(
      db,
      queue,
      s,
      hit({ userIds: ["b", "c", ...txns.map((_, i) => `u${i}`)], transactionIds: txns, confidence: 0.95, summary: "22 users" }),
    );
    expect(second.created).toBe(false);
    expect(second.alert.id).toBe(first.alert.id);
    expect(second.alert).toMatchObject({
      affectedUsers: 23,
      affectedTransactions: 20,
      exposureAmount: 1_200_000,
      confidence: 0.95,
      summary: "22 users",
    });
    // confidence 3 + volume (23) 2 + exposure $12,000 2 = 7
    expect(second.alert.severity).toBe("critical");
    expect(second.alert.updatedAt.getTime()).toBeGreaterThan(first.alert.updatedAt.getTime());
    expect(second.alert.createdAt.getTime()).toBe(first.alert.createdAt.getTime());

    // The same hits again change nothing, updated_at included; a lower confidence lowers nothing.
    await sleep(10);
    const third = await raiseAlert(db, queue, s, hit({ userIds: ["a"], transactionIds: [txns[0]!], confidence: 0.1, summary: "22 users" }));
    expect(third.alert).toMatchObject({ affectedUsers: 23, affectedTransactions: 20, confidence: 0.95, severity: "critical" });
    expect(third.alert.updatedAt.getTime()).toBe(second.alert.updatedAt.getTime());

    expect(await alertsOf(s)).toHaveLength(1);
    const { logged, hooks } = await triggered(s);
    expect(logged).toHaveLength(1);
    expect(hooks).toHaveLength(1);
  });

  it("keeps patterns apart by type, key, account and environment", async () => {
    const s = scope();
    await raiseAlert(db, queue, s, hit());
    await raiseAlert(db, queue, s, hit({ key: "ip:198.51.100.1" }));
    await raiseAlert(db, queue, s, hit({ type: "velocity_spike" }));
    await raiseAlert(db, queue, { ...s, environment: "test" }, hit());
    await raiseAlert(db, queue, scope(), hit());
    expect(await alertsOf(s)).toHaveLength(3);
    expect(await alertsOf({ ...s, environment: "test" })).toHaveLength(1);
  });

  it("opens a fresh alert once the previous one is acknowledged or resolved", async () => {
    const s = scope();
    await subscribe(s);
    const first = await raiseAlert(db, queue, s, hit({ userIds: ["a"] }));
    await updateAlert(db, s, first.alert.id, { status: "acknowledged", actorId: "key_test" });
    const second = await raiseAlert(db, queue, s, hit({ userIds: ["b"] }));
    expect(second.created).toBe(true);
    expect(second.alert.id).not.toBe(first.alert.id);
    await updateAlert(db, s, second.alert.id, { status: "resolved", notes: "blocked the IP", actorId: "key_test" });
    const third = await raiseAlert(db, queue, s, hit({ userIds: ["c"] }));
    expect(third.created).toBe(true);
    // The acknowledged alert is left as the team saw it.
    const [kept] = await db.select().from(alerts).where(eq(alerts.id, first.alert.id));
    expect(kept).toMatchObject({ status: "acknowledged", affectedUsers: 1 });
    expect((await triggered(s)).hooks).toHaveLength(3);
  });

  it("raises one alert when parallel requests complete the same pattern", async () => {
    const s = scope();
    await subscribe(s);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => raiseAlert(db, queue, s, hit({ userIds: [`p${i}`], confidence: 0.5 + i / 20 }))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.alert.id)).size).toBe(1);
    const rowsFound = await alertsOf(s);
    expect(rowsFound).toHaveLength(1);
    expect(rowsFound[0]).toMatchObject({ affectedUsers: 8, confidence: 0.85 });
    const { logged, hooks } = await triggered(s);
    expect(logged).toHaveLength(1);
    expect(hooks).toHaveLength(1);
  });

  it("measures exposure in the currency that weighs most, without FX", async () => {
    const s = scope();
    const usd = await insertTransaction(db, s, { userId: "a", amount: 50_000, currency: "USD" }); // $500
    const jpy = await insertTransaction(db, s, { userId: "b", amount: 80_000, currency: "JPY" }); // ¥80,000
    const { alert } = await raiseAlert(db, queue, s, hit({ transactionIds: [usd, jpy] }));
    expect(alert).toMatchObject({ exposureAmount: 80_000, exposureCurrency: "JPY" });
  });

  it("keeps counts and per-currency exposure equal to a recount of the members across many folds", async () => {
    const s = scope();
    // Three currencies whose weight changes hands as members join; ids repeat across hits.
    const pool = [
      ...(await Promise.all(
        Array.from({ length: 12 }, (_, i) => insertTransaction(db, s, { userId: `w${i % 5}`, amount: 1_000 * (i + 1), currency: "USD" })),
      )),
      ...(await Promise.all(
        Array.from({ length: 6 }, (_, i) => insertTransaction(db, s, { userId: `w${i}`, amount: 90_000 * (i + 1), currency: "JPY" })),
      )),
      ...(await Promise.all(
        Array.from({ length: 4 }, (_, i) => insertTransaction(db, s, { userId: `w${i + 3}`, amount: 5_000 * (i + 1), currency: "EUR" })),
      )),
      "txn_not_in_this_scope",
    ];
    let seed = 7;
    const pick = <T>(list: T[], k: number) => Array.from({ length: k }, () => list[(seed = (seed * 48271) % 2147483647) % list.length]!);
    for (let round = 0; round < 15; round++) {
      const batch = Array.from({ length: 1 + (round % 3) }, (_, i) =>
        hit({
          key: round % 4 === 0 && i === 1 ? "ip:other" : "ip:203.0.113.7",
          transactionIds: pick(pool, 1 + (round % 5)),
          userIds: pick(["w0", "w1", "w2", "w3", "w4", "w5", "w6"], 2),
        }),
      );
      await raiseAlerts(db, queue, s, batch);
    }
    for (const alert of await alertsOf(s)) {
      const members = (await db.select().from(alertTransactions).where(eq(alertTransactions.alertId, alert.id))).map(
        (m) => m.transactionId,
      );
      const users = await db.select().from(alertUsers).where(eq(alertUsers.alertId, alert.id));
      const found = members.length ? await db.select().from(transactions).where(inArray(transactions.id, members)) : [];
      const sums = new Map<string, number>();
      for (const t of found) sums.set(t.currency, (sums.get(t.currency) ?? 0) + Number(t.amount));
      const top = [...sums].sort((a, b) => toMajorUnits(b[1], b[0]) - toMajorUnits(a[1], a[0]) || a[0].localeCompare(b[0]))[0];
      expect(alert).toMatchObject({
        affectedUsers: users.length,
        affectedTransactions: members.length,
        exposureAmount: top?.[1] ?? 0,
        exposureCurrency: top?.[0] ?? null,
      });
      const kept = await db.select().from(alertExposure).where(eq(alertExposure.alertId, alert.id));
      expect(new Map(kept.map((k) => [k.currency, Number(k.amount)]))).toEqual(sums);
    }
    expect((await alertsOf(s)).length).toBe(2);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const s = scope();
    await expect(
      db.transaction(async (tx) => {
        await raiseAlert(tx as unknown as Db, queue, s, hit({ userIds: ["x"] }));
        throw new Error("the scoring request failed");
      }),
    ).rejects.toThrow("the scoring request failed");
    expect(await alertsOf(s)).toHaveLength(0);
    const { logged, hooks } = await triggered(s);
    expect(logged).toHaveLength(0);
    expect(hooks).toHaveLength(0);
  });

  it("writes in the caller's transaction itself, not in a subtransaction of its own", async () => {
    const s = scope();
    const [own] = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const { alert } = await raiseAlert(tx, queue, s, hit({ userIds: ["x"] }));
      // A savepoint's writes carry the subtransaction's id; the caller's carry the top-level one.
      return rows<{ same: boolean }>(
        tx,
        sql`select xmin::text::bigint = txid_current() % 4294967296 as same from alerts where id = ${alert.id}`,
      );
    });
    expect(own).toEqual({ same: true });
    // With the root handle it opens a transaction of its own (the alert exists once it returns).
    await raiseAlert(db, queue, s, hit({ key: "ip:203.0.113.8" }));
    expect(await alertsOf(s)).toHaveLength(2);
  });

  it("copies each member's device, card and address, nothing for a transaction outside the scope", async () => {
    const s = scope();
    const live = await insertTransaction(db, s, { userId: "u", card: "411111:1111", ip: "198.51.100.4", device: "dev_1" });
    const other = await insertTransaction(db, { ...s, environment: "test" }, { userId: "u", card: "422222:2222" });
    const { alert } = await raiseAlert(db, queue, s, hit({ transactionIds: [live, other] }));
    const members = await db
      .select()
      .from(alertTransactions)
      .where(eq(alertTransactions.alertId, alert.id))
      .orderBy(alertTransactions.transactionId);
    expect(members.map((m) => [m.transactionId, m.deviceId, m.cardKey, m.ipAddress])).toEqual(
      [
        [live, "dev_1", "411111:1111", "198.51.100.4"],
        [other, null, null, null],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
  });

  it("rejects a confidence that is not a number", async () => {
    await expect(raiseAlert(db, queue, scope(), hit({ confidence: Number.NaN }))).rejects.toThrow(RangeError);
  });

  it("raises a list of hits at once exactly as one by one: new, folded, the same pattern twice", async () => {
    const one = scope();
    const many = scope();
    await subscribe(many);
    const tx = async (s: Scope, user: string, amount: number) => insertTransaction(db, s, { userId: user, amount });
    const list = async (s: Scope): Promise<RaiseAlertInput[]> => [
      hit({ key: "ip:a", userIds: ["u1"], transactionIds: [await tx(s, "u1", 1_000)], confidence: 0.6 }),
      hit({ type: "velocity_spike", key: "user:u2", userIds: ["u2"], transactionIds: [await tx(s, "u2", 90_000)], summary: "fast" }),
      hit({ key: "ip:a", userIds: ["u3"], transactionIds: [await tx(s, "u3", 2_000)], confidence: 0.9, summary: "second" }),
      hit({ key: "ip:b", userIds: ["u4"], confidence: 0.7 }),
    ];
    // An open alert already exists for ip:b in both accounts.
    await raiseAlert(db, queue, one, hit({ key: "ip:b", userIds: ["u0"] }));
    await raiseAlert(db, queue, many, hit({ key: "ip:b", userIds: ["u0"] }));
    const sequential = [];
    for (const h of await list(one)) sequential.push(await raiseAlert(db, queue, one, h));
    const batched = await raiseAlerts(db, queue, many, await list(many));
    const shape = (r: {
      alert: {
        alertType: string;
        key: string;
        affectedUsers: number;
        affectedTransactions: number;
        exposureAmount: number;
        confidence: number;
        severity: string;
        summary: string;
      };
      created: boolean;
    }) => ({
      created: r.created,
      type: r.alert.alertType,
      key: r.alert.key,
      users: r.alert.affectedUsers,
      txns: r.alert.affectedTransactions,
      exposure: r.alert.exposureAmount,
      confidence: r.alert.confidence,
      severity: r.alert.severity,
      summary: r.alert.summary,
    });
    expect(batched.map(shape)).toEqual(sequential.map(shape));
    expect(batched.map((r) => r.created)).toEqual([true, true, false, false]);
    expect(batched[2]!.alert.id).toBe(batched[0]!.alert.id);
    // What the function returned is what the database holds.
    const stored = new Map((await alertsOf(many)).map((a) => [a.id, a]));
    for (const r of batched.slice(2)) expect(stored.get(r.alert.id)).toMatchObject({ ...r.alert, evidence: r.alert.evidence });
    const { logged, hooks } = await triggered(many);
    expect(logged).toHaveLength(3);
    expect(hooks).toHaveLength(3);
    expect(logged.map((e) => e.userId).sort()).toEqual(["u0", "u1", "u2"]);
    expect(await fanoutsOf(hooks.map((h) => h.id))).toHaveLength(3);
  });

  it("lets two lists with the same patterns in opposite orders finish: one alert per pattern", async () => {
    const s = scope();
    const keys = Array.from({ length: 12 }, (_, i) => `ip:198.51.100.${i}`);
    const lists = [keys, [...keys].reverse()].map((ks, l) => ks.map((key) => hit({ key, userIds: [`l${l}-${key}`] })));
    const results = await Promise.all([...lists, ...lists].map((hits) => raiseAlerts(db, queue, s, hits)));
    const found = await alertsOf(s);
    expect(found).toHaveLength(12);
    for (const a of found) expect(a.affectedUsers).toBe(2);
    expect(results.flat().filter((r) => r.created)).toHaveLength(12);
    expect((await triggered(s)).logged).toHaveLength(12);
  });

  it("finds each pattern's open alert among many and returns it as stored", async () => {
    const s = scope();
    const keys = Array.from({ length: 40 }, (_, i) => `ip:192.0.2.${i}`);
    await raiseAlerts(
      db,
      queue,
      s,
      keys.map((key) => hit({ key, userIds: [`first-${key}`], evidence: { n: 1 } })),
    );
    await db
      .update(alerts)
      .set({ status: "resolved" })
      .where(inScope(alerts, s, eq(alerts.key, keys[3]!)));
    const again = await raiseAlerts(db, queue, s, [
      hit({ key: keys[7]!, userIds: ["second"] }),
      hit({ key: keys[31]!, userIds: [`first-${keys[31]}`], evidence: { n: 1 } }),
      hit({ key: keys[3]! }),
    ]);
    expect(again.map((r) => r.created)).toEqual([false, false, true]);
    expect(again[0]!.alert.affectedUsers).toBe(2);
    expect(again[1]!.alert.affectedUsers).toBe(1);
    const stored = await db
      .select()
      .from(alerts)
      .where(inScope(alerts, s, eq(alerts.status, "open")));
    expect(stored).toHaveLength(40);
    for (const r of again) expect(r.alert).toEqual(stored.find((x) => x.id === r.alert.id));
  });
});
