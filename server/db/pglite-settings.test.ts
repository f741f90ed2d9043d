import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPglite } from "./client";
import { PGLITE_STATISTICS_TARGET, pgliteOptions } from "./pglite-settings";

describe("embedded database settings", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("flushes every commit to disk with fdatasync, samples 3,000 rows per ANALYZE, creates WAL files without zero-filling", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-pglite-settings-"));
    dirs.push(dir);
    // PGlite on this thread, not through openPglite: that one runs PGlite in a worker thread,
    // whose fdatasync calls a spy in this thread cannot see.
    const client = await PGlite.create(pgliteOptions(path.join(dir, "pg")));
    const setting = async (name: string) => (await client.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
    try {
      expect(await setting("fsync")).toBe("on");
      expect(await setting("wal_sync_method")).toBe("fsync");
      expect(await setting("default_statistics_target")).toBe(String(PGLITE_STATISTICS_TARGET));
      expect(await setting("wal_init_zero")).toBe("off");

      const sync = vi.spyOn(fs, "fdatasyncSync");
      await client.exec("create table durable_probe (id int primary key)");
      const afterCreate = sync.mock.calls.length;
      await client.query("insert into durable_probe values ($1)", [1]);
      // One more flush for the commit of the insert, on a file of the data folder.
      expect(sync.mock.calls.length).toBeGreaterThan(afterCreate);
      const fd = sync.mock.calls.at(-1)![0] as number;
      expect(fs.readlinkSync(`/proc/self/fd/${fd}`)).toContain(path.join(dir, "pg", "pg_wal"));

      // A read-only statement commits nothing and flushes nothing.
      const before = sync.mock.calls.length;
      await client.query("select count(*) from durable_probe");
      expect(sync.mock.calls.length).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("syncs a newly created cluster once, and reopens it with the data in it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-pglite-settings-"));
    dirs.push(dir);
    const sync = vi.spyOn(fs, "fdatasyncSync");
    const first = await openPglite(dir);
    const files = fs.readdirSync(path.join(dir, "pg"), { recursive: true }).length;
    // The spy sees this thread only: syncNewCluster runs here, PostgreSQL's own syncs run in the
    // database's worker thread. So this counts the one-off sync of every file and folder initdb
    // wrote (the migrations add files after that).
    const atCreate = sync.mock.calls.length;
    expect(atCreate).toBeGreaterThan(files / 2);
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('acknowledged')`);
    await first.close();
    sync.mockClear();
    const second = await openPglite(dir);
    // Reopening does not sync the whole folder again: nothing on this thread (what PostgreSQL
    // writes on reopening, it syncs in its worker thread).
    expect(sync.mock.calls.length).toBe(0);
    try {
      const rows = ((await second.db.execute(sql`select v from kept`)) as unknown as { rows: { v: string }[] }).rows;
      expect(rows).toEqual([{ v: "acknowledged" }]);
    } finally {
      await second.close();
    }
  });
});
