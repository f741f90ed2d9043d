import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshDatabase } from "../../test/database";
import type { Database } from "../../db/client";
import { appendEvent } from "./append";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const scope = { accountId: "acct_1", environment: "live" as const };

describe("event log immutability (enforced by the database)", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    const row = await appendEvent(database.db, scope, { type: "transaction.scored", transactionId: "txn_1", payload: { risk_score: 5 } });
    await expect(database.db.execute(sql`update events set payload = '{}' where id = ${row.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    await expect(database.db.execute(sql`delete from events where id = ${row.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    await expect(database.db.execute(sql`truncate events`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    const left = (await database.db.execute(sql`select payload from events where id = ${row.id}`)) as unknown as {
      rows: { payload: unknown }[];
    };
    expect(left.rows[0]?.payload).toEqual({ risk_score: 5 });
  });

  it("lets only the retention purge delete, inside its own transaction", async () => {
    const row = await appendEvent(database.db, scope, { type: "transaction.scored", payload: {} });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local argus.retention_purge = 'on'`);
      await tx.execute(sql`delete from events where id = ${row.id}`);
    });
    await expect(database.db.execute(sql`delete from events where transaction_id = 'txn_1'`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
  });
});
