import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { analyzeIfDue, ANALYZE_LIMITS, checkpointIfDue, scheduleMaintenance, vacuumIfDue, VACUUM_LIMITS } from "./pglite-maintenance";
import { pgliteOptions, pgliteStartParams } from "./pglite-settings";

// A PGlite on a folder with the settings the API uses, and the smallest max_wal_size (two WAL
// files), which a PostgreSQL server would checkpoint at: nothing checkpoints it but these functions.

let dir: string;
let db: PGlite;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-checkpoints-"));
  db = await PGlite.create({ ...pgliteOptions(dir), startParams: [...pgliteStartParams(), "-c", "max_wal_size=32MB"] });
  await db.exec("create table filler (id bigserial primary key, body text not null)");
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const redo = async () => (await db.query<{ lsn: string }>("select redo_lsn::text as lsn from pg_control_checkpoint()")).rows[0]!.lsn;
/** About `mb` MB of WAL. */
const write = (mb: number) => db.query(`insert into filler (body) select repeat(md5(g::text), 30) from generate_series(1, ${mb * 1000}) g`);
const MB = 1024 * 1024;
const never = Number.MAX_SAFE_INTEGER;
/**
 * Table statistics reach the view when the session reports them (at most once a second); tests ask
 * for the report after each change.
 */
const report = async () => {
  await db.query("select pg_stat_force_next_flush()");
  await db.query("select 1");
};
/** How many times `table` was analyzed, as reported now. */
const analyzeCount = async (table: string) => {
  await report();
  return (await db.query<{ n: number }>("select analyze_count::int as n from pg_stat_user_tables where relname = $1", [table])).rows[0]!.n;
};

describe("embedded database checkpoints and vacuuming", () => {
  it("are not taken by PGlite itself, even past max_wal_size", async () => {
    const before = await redo();
    await write(40);
    expect(await redo()).toBe(before);
  });

  it("run when the WAL since the last one reaches the bound, and only then", async () => {
    await checkpointIfDue(db, { walBytes: 0, ageMs: never });
    const start = await redo();
    await write(1);
    expect(await checkpointIfDue(db, { walBytes: 8 * MB, ageMs: never })).toBe(false);
    expect(await redo()).toBe(start);
    await write(10);
    expect(await checkpointIfDue(db, { walBytes: 8 * MB, ageMs: never })).toBe(true);
    expect(await redo()).not.toBe(start);
  });

  it("run by age only when something was written since the last one", async () => {
    await checkpointIfDue(db, { walBytes: 0, ageMs: never });
    // A checkpoint's own record is not a reason for the next one.
    expect(await checkpointIfDue(db, { walBytes: never, ageMs: 0 })).toBe(false);
    await write(1);
    expect(await checkpointIfDue(db, { walBytes: never, ageMs: 0 })).toBe(true);
  });

  it("vacuum a table whose dead rows exceed autovacuum's threshold, and only such a table", async () => {
    await db.exec("create table churn (id int primary key, n int not null); insert into churn select g, 0 from generate_series(1, 100) g");
    await report();
    await vacuumIfDue(db);
    const dead = async () => {
      await report();
      const r = await db.query<{ dead: number; vacuums: number }>(
        "select n_dead_tup::int as dead, vacuum_count::int as vacuums from pg_stat_user_tables where relname = 'churn'",
      );
      return r.rows[0]!;
    };
    // 60 dead rows: under 50 + 20 % of 100 live rows. PGlite never vacuums them by itself.
    await db.exec("update churn set n = n + 1 where id <= 60");
    await report();
    expect(await vacuumIfDue(db)).not.toContain("churn");
    expect(await dead()).toMatchObject({ dead: 60, vacuums: 0 });
    await db.exec("update churn set n = n + 1 where id <= 20");
    await report();
    expect(await vacuumIfDue(db)).toContain("churn");
    expect(await dead()).toMatchObject({ dead: 0, vacuums: 1 });
  });

  it("vacuum a table whose oldest unfrozen transaction id is older than the freeze age", async () => {
    await db.exec("create table frozen_probe (id int primary key); insert into frozen_probe values (1)");
    const due = async (freezeAge: number) => vacuumIfDue(db, { ...VACUUM_LIMITS, freezeAge });
    expect(await due(VACUUM_LIMITS.freezeAge)).not.toContain("frozen_probe");
    // A few more transactions: the table's relfrozenxid is now older than a tiny freeze age.
    for (let i = 0; i < 3; i++) await db.exec("insert into filler (body) values ('x')");
    expect(await due(1)).toContain("frozen_probe");
  });

  it("analyze a table whose changed rows exceed autovacuum's analyze threshold, and only such a table", async () => {
    await db.exec("create table grows (id int primary key, kind text not null)");
    await db.exec("create table transactions (id int primary key)");
    const analyzed = () => analyzeCount("grows");
    const estimate = async () =>
      (await db.query<{ rows: number }>("select reltuples::int as rows from pg_class where relname = 'grows'")).rows[0]!.rows;
    // 40 new rows: under the threshold of 50 (PGlite never analyzes by itself).
    await db.exec("insert into grows select g, 'a' from generate_series(1, 40) g");
    await report();
    expect(await analyzeIfDue(db)).not.toContain("grows");
    expect(await analyzed()).toBe(0);
    await db.exec(
      "insert into grows select g, 'b' from generate_series(41, 1000) g; insert into transactions select g from generate_series(1, 1000) g",
    );
    await report();
    const due = await analyzeIfDue(db);
    expect(due).toContain("grows");
    // Analyzed on a schedule of its own, with a column list (which never resets the count).
    expect(due).not.toContain("transactions");
    expect(await analyzed()).toBe(1);
    expect(await estimate()).toBe(1000);
    // Now 10 % of 1,000 rows plus 50 must change before the next one.
    await db.exec("update grows set kind = 'c' where id <= 100");
    await report();
    expect(await analyzeIfDue(db)).not.toContain("grows");
    await db.exec("delete from grows where id > 900");
    await report();
    expect(await analyzeIfDue(db)).toContain("grows");
    expect(await analyzed()).toBe(2);
    expect(await estimate()).toBe(900);
  });

  it("analyze an append-only log when its rows doubled", async () => {
    await db.exec("create table events (id int primary key)");
    const analyzed = () => analyzeCount("events");
    await db.exec("insert into events select g from generate_series(1, 1000) g");
    await report();
    expect(await analyzeIfDue(db)).toContain("events");
    expect(await analyzed()).toBe(1);
    // 20 % more: a table under the 10 % rule would be due, a log is not.
    await db.exec("insert into events select g from generate_series(1001, 1200) g");
    await report();
    expect(await analyzeIfDue(db)).not.toContain("events");
    await db.exec("insert into events select g from generate_series(1201, 2100) g");
    await report();
    expect(await analyzeIfDue(db)).toContain("events");
    expect(await analyzed()).toBe(2);
  });

  it("are scheduled until stopped", async () => {
    const stop = scheduleMaintenance(db, 10, {
      checkpoint: { walBytes: 1 * MB, ageMs: never },
      vacuum: VACUUM_LIMITS,
      analyze: ANALYZE_LIMITS,
    });
    const start = await redo();
    await write(2);
    await expect.poll(redo, { timeout: 5_000, interval: 20 }).not.toBe(start);
    await stop();
    const stopped = await redo();
    await write(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await redo()).toBe(stopped);
  });
});
