import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rows, type Database } from "../../db/client";
import { freshDatabase } from "../../test/database";
import { JobQueue } from "../../jobs/queue";
import { newId } from "../../core/ids";
import { drainInbox } from "./evaluate";
import { DETECTION_JOB, detectionTriggerCtes, enqueueDetection } from "./trigger";

// The trigger, in both forms: the call a write path makes in its transaction, and the CTEs a
// single-statement batch writer adds to its statement.

let database: Database;
const jobs = new JobQueue();
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const queued = () =>
  rows<{ unique_key: string; payload: Record<string, unknown> }>(
    database.db,
    sql`select unique_key, payload from jobs where type = ${DETECTION_JOB} and state = 'queued' order by unique_key`,
  );
const inbox = () =>
  rows<{ account_id: string; source: string; row_id: string }>(
    database.db,
    sql`select account_id, source, row_id from detection_inbox order by id`,
  );
const clear = async () => {
  await database.db.execute(sql`delete from jobs`);
  await database.db.execute(sql`delete from detection_inbox`);
};

describe("enqueueDetection", () => {
  it("adds each row named once and one coalescing job per account and environment; decisions cost nothing", async () => {
    await clear();
    const scope = { accountId: "acct_t1", environment: "live" as const };
    await database.db.transaction(async (tx) => {
      await enqueueDetection(tx as never, jobs, scope, "transaction", ["txn_1", "txn_2", "txn_1"]);
      await enqueueDetection(tx as never, jobs, scope, "device_session", "sess_1");
      await enqueueDetection(tx as never, jobs, scope, "decision", "dec_1");
    });
    await database.db.transaction((tx) => enqueueDetection(tx as never, jobs, scope, "transaction", "txn_3"));
    expect((await inbox()).map((r) => `${r.source}:${r.row_id}`)).toEqual([
      "transaction:txn_1",
      "transaction:txn_2",
      "device_session:sess_1",
      "transaction:txn_3",
    ]);
    expect(await queued()).toEqual([{ unique_key: "detect:acct_t1:live", payload: { accountId: "acct_t1", environment: "live" } }]);
  });

  it("writes nothing when the write's transaction rolls back", async () => {
    await clear();
    await database.db
      .transaction(async (tx) => {
        await enqueueDetection(tx as never, jobs, { accountId: "acct_rb", environment: "test" }, "transaction", "txn_rb");
        throw new Error("the write failed");
      })
      .catch(() => undefined);
    expect(await inbox()).toEqual([]);
    expect(await queued()).toEqual([]);
  });
});

describe("detectionTriggerCtes (single-statement batch writers)", () => {
  it("adds the batch's inbox rows and one job per scope inside the writer's statement", async () => {
    await clear();
    const batch = [
      { id: newId("txn"), a: "acct_b1", e: "live" },
      { id: newId("txn"), a: "acct_b1", e: "live" },
      { id: newId("txn"), a: "acct_b2", e: "test" },
    ];
    const arr = (xs: string[]) => `'{${xs.join(",")}}'::text[]`;
    const write = (b: typeof batch) =>
      database.db.execute(
        sql.raw(`with t as (insert into transactions (id, account_id, environment, user_id, amount, currency, payment_method_type, risk_score, decision, signals, model_version, latency_ms)
          select id, a, e, 'u1', 1000, 'USD', 'card', 5, 'allow', '[]'::jsonb, 'm', 1 from unnest(${arr(b.map((x) => x.id))}, ${arr(b.map((x) => x.a))}, ${arr(b.map((x) => x.e))}) as x(id, a, e)),
          ${detectionTriggerCtes("transaction", { ids: arr(b.map((x) => x.id)), accounts: arr(b.map((x) => x.a)), environments: arr(b.map((x) => x.e)) })}
          select 1 as ok`),
      );
    await write(batch);
    await write([{ id: newId("txn"), a: "acct_b1", e: "live" }]);
    expect((await inbox()).map((r) => r.account_id)).toEqual(["acct_b1", "acct_b1", "acct_b2", "acct_b1"]);
    expect(await queued()).toEqual([
      { unique_key: "detect:acct_b1:live", payload: { accountId: "acct_b1", environment: "live" } },
      { unique_key: "detect:acct_b2:test", payload: { accountId: "acct_b2", environment: "test" } },
    ]);
    const r = await drainInbox(database.db, jobs, { accountId: "acct_b1", environment: "live" });
    expect(r.processed).toBe(3);
  });
});
