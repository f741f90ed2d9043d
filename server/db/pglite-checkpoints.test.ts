import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { checkpointIfDue, scheduleCheckpoints } from "./pglite-checkpoints";
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

describe("embedded database checkpoints", () => {
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

  it("are scheduled until stopped", async () => {
    const stop = scheduleCheckpoints(db, 10, { walBytes: 1 * MB, ageMs: never });
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
