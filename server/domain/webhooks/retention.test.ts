import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { freshDatabase } from "../../test/database";
import type { Database, Db } from "../../db/client";
import { jobs, riskPolicies, webhookDeliveries, webhookDispatches, webhookEndpoints, webhookEvents } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { JobQueue } from "../../jobs/queue";
import { ensureAccount } from "../accounts";
import { emitWebhookEvents, WEBHOOK_FANOUT_JOB } from "./emit";
import { purgeSentWebhookEvents, WEBHOOK_EVENT_DAYS } from "./retention";
import { subscribeEndpoint } from "../../test/webhook-endpoints";

let database: Database;
let db: Db;
const queue = new JobQueue();

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(() => database?.close());

let n = 0;
async function scopeWithEndpoint(events = ["*"]): Promise<{ scope: Scope; endpoint: string }> {
  const account = await ensureAccount(db, `hooks-retention-${++n}`);
  const scope: Scope = { accountId: account.id, environment: "live" };
  return { scope, endpoint: await subscribeEndpoint(db, scope, { events }) };
}

const outbox = async (ids: string[]) =>
  (await db.select({ id: webhookEvents.id }).from(webhookEvents).where(inArray(webhookEvents.id, ids))).map((r) => r.id).sort();
const age = (ids: string[], days: number) =>
  db
    .update(webhookEvents)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(inArray(webhookEvents.id, ids));

describe("webhook outbox", () => {
  it("writes an event and its fan-out only where an enabled endpoint subscribes to its type", async () => {
    const account = await ensureAccount(db, "hooks-nobody");
    const scope: Scope = { accountId: account.id, environment: "live" };
    const [unheard] = await emitWebhookEvents(db, queue, scope, "case.updated", [{ case_id: "case_x" }]);
    expect(await outbox([unheard!])).toEqual([]);

    await subscribeEndpoint(db, scope, { events: ["alert.triggered"] });
    const [otherType] = await emitWebhookEvents(db, queue, scope, "case.updated", [{ case_id: "case_x" }]);
    expect(await outbox([otherType!])).toEqual([]);
    const disabled = await subscribeEndpoint(db, scope, { status: "disabled" });
    const [whileDisabled] = await emitWebhookEvents(db, queue, scope, "case.updated", [{ case_id: "case_x" }]);
    expect(await outbox([whileDisabled!])).toEqual([]);

    await db.update(webhookEndpoints).set({ status: "enabled" }).where(eq(webhookEndpoints.id, disabled));
    const sent = await emitWebhookEvents(db, queue, scope, "case.updated", [{ case_id: "case_x" }, { case_id: "case_y" }]);
    expect(await outbox(sent)).toEqual([...sent].sort());
    const fanouts = (await db.select().from(jobs).where(eq(jobs.type, WEBHOOK_FANOUT_JOB))).filter((j) =>
      sent.includes(String(j.payload.event_id)),
    );
    expect(fanouts).toHaveLength(2);
  });
});

describe("purgeSentWebhookEvents", () => {
  it(`removes events older than ${WEBHOOK_EVENT_DAYS} days once nothing will send them, and keeps the delivery log`, async () => {
    const { scope, endpoint } = await scopeWithEndpoint();
    const [old, pending, queued, recent] = await emitWebhookEvents(db, queue, scope, "case.updated", [
      { n: 1 },
      { n: 2 },
      { n: 3 },
      { n: 4 },
    ]);
    // The fan-outs ran for all but `queued`: `old` delivered, `pending` still retrying.
    await db.delete(jobs).where(and(eq(jobs.type, WEBHOOK_FANOUT_JOB), sql`${jobs.payload}->>'event_id' <> ${queued!}`));
    const dispatch = (eventId: string, state: "pending" | "succeeded") => ({
      id: newId("whdsp"),
      ...scope,
      endpointId: endpoint,
      eventId,
      eventType: "case.updated",
      state,
    });
    const delivered = dispatch(old!, "succeeded");
    await db.insert(webhookDispatches).values([delivered, dispatch(pending!, "pending"), dispatch(recent!, "succeeded")]);
    await db.insert(webhookDeliveries).values({
      id: newId("whdlv"),
      ...scope,
      dispatchId: delivered.id,
      endpointId: endpoint,
      eventId: old!,
      eventType: "case.updated",
      attempt: 1,
      succeeded: true,
      statusCode: 200,
    });
    await age([old!, pending!, queued!], WEBHOOK_EVENT_DAYS + 1);
    await age([recent!], WEBHOOK_EVENT_DAYS - 1);

    expect(await purgeSentWebhookEvents(db)).toBe(1);
    expect(await outbox([old!, pending!, queued!, recent!])).toEqual([pending!, queued!, recent!].sort());
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, old!))).toHaveLength(1);
    expect(await purgeSentWebhookEvents(db)).toBe(0);
  });

  it("follows the account's evidence retention when it is shorter", async () => {
    const { scope } = await scopeWithEndpoint();
    await db.insert(riskPolicies).values({ ...scope, blockThreshold: 75, challengeThreshold: 40, retentionDays: 3 });
    const [expired, kept] = await emitWebhookEvents(db, queue, scope, "case.updated", [{ n: 1 }, { n: 2 }]);
    await db.delete(jobs).where(inArray(sql`${jobs.payload}->>'event_id'`, [expired!, kept!]));
    await age([expired!], 4);
    await age([kept!], 2);
    expect(await purgeSentWebhookEvents(db)).toBe(1);
    expect(await outbox([expired!, kept!])).toEqual([kept!]);
  });
});
