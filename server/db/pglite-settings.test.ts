import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPglite, type Database } from "./client";
import { PGLITE_STATISTICS_TARGET } from "./pglite-settings";

const setting = async (d: Database, name: string) =>
  ((await d.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];

describe("embedded database settings", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("flushes every commit to disk with fdatasync, and samples 3,000 rows per ANALYZE", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-pglite-settings-"));
    dirs.push(dir);
    const d = await openPglite(dir);
    try {
      expect(await setting(d, "fsync")).toBe("on");
      expect(await setting(d, "wal_sync_method")).toBe("fsync");
      expect(await setting(d, "default_statistics_target")).toBe(String(PGLITE_STATISTICS_TARGET));

      const sync = vi.spyOn(fs, "fdatasyncSync");
      await d.db.execute(sql`create table durable_probe (id int primary key)`);
      const afterCreate = sync.mock.calls.length;
      await d.db.execute(sql`insert into durable_probe values (1)`);
      // One more flush for the commit of the insert, on a file of the data folder.
      expect(sync.mock.calls.length).toBeGreaterThan(afterCreate);
      const fd = sync.mock.calls.at(-1)![0] as number;
      expect(fs.readlinkSync(`/proc/self/fd/${fd}`)).toContain(path.join(dir, "pg", "pg_wal"));

      // A read-only statement commits nothing and flushes nothing.
      const before = sync.mock.calls.length;
      await d.db.execute(sql`select count(*) from durable_probe`);
      expect(sync.mock.calls.length).toBe(before);
    } finally {
      await d.close();
    }
  });

  it("syncs a newly created cluster once, and reopens it with the data in it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-pglite-settings-"));
    dirs.push(dir);
    const sync = vi.spyOn(fs, "fdatasyncSync");
    const first = await openPglite(dir);
    const files = fs.readdirSync(path.join(dir, "pg"), { recursive: true }).length;
    const atCreate = sync.mock.calls.length;
    // Every file and folder initdb wrote (the migrations add files after that).
    expect(atCreate).toBeGreaterThan(files / 2);
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('acknowledged')`);
    await first.close();
    sync.mockClear();
    const second = await openPglite(dir);
    // Reopening syncs only what it writes, not the whole folder again.
    expect(sync.mock.calls.length).toBeLessThan(files / 4);
    try {
      const rows = ((await second.db.execute(sql`select v from kept`)) as unknown as { rows: { v: string }[] }).rows;
      expect(rows).toEqual([{ v: "acknowledged" }]);
    } finally {
      await second.close();
    }
  });
});
