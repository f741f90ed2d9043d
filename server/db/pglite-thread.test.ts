import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPglite, rows } from "./client";
import { PgliteThread, type ThreadResults } from "./pglite-thread";

// Each start loads PGlite in a fresh worker (~1–3 s), so one in-memory thread serves every test
// whose tables do not clash; only the lifecycle tests start threads of their own.

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = <T>(r: ThreadResults) => r.rows as T[];
/** A live worker shows in the active resources as its MessagePort: a stopped one does not. */
const livePorts = () => process.getActiveResourcesInfo().filter((r) => r === "MessagePort").length;

const dirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-pglite-thread-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("PgliteThread in memory (one shared thread)", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.start();
  });
  afterAll(async () => {
    await thread?.close();
  });

  it("returns rows as objects or arrays, and carries text, int, null, bytea and text[] parameters", async () => {
    const r = await thread.query("select $1::text as t, $2::int as i, $3::text as n", ["a", 7, null]);
    expect(r.rows).toEqual([{ t: "a", i: 7, n: null }]);
    expect(r.fields.map((f) => [f.name, f.dataTypeID])).toEqual([
      ["t", 25],
      ["i", 23],
      ["n", 25],
    ]);
    expect((await thread.query("select $1::int + 1 as x, 'y' as y", [1], { rowMode: "array" })).rows).toEqual([[2, "y"]]);

    // Uint8Array and arrays cross the MessagePort (structured clone) both ways; PGlite serialises
    // a JS array as a PostgreSQL array literal, quoting included.
    await thread.query("create table blobs (id int primary key, b bytea, tags text[])");
    const tags = ["a", "b,c", 'q"'];
    const ins = await thread.query("insert into blobs values ($1, $2, $3)", [1, new Uint8Array([0, 255, 7]), tags]);
    expect(ins.affectedRows).toBe(1);
    const back = rowsOf<{ b: Uint8Array; tags: string[]; n: number }>(
      await thread.query("select b, tags, array_length(tags, 1) as n from blobs where id = $1", [1]),
    );
    expect(back).toEqual([{ b: new Uint8Array([0, 255, 7]), tags, n: 3 }]);
    expect(back[0]!.b).toBeInstanceOf(Uint8Array);
  });

  it("rebuilds the caller's identity parsers from the type ids (drizzle parses timestamps itself)", async () => {
    const q = "select '2024-05-06 07:08:09+00'::timestamptz as at";
    const [parsed] = rowsOf<{ at: Date }>(await thread.query(q));
    expect(parsed!.at).toBeInstanceOf(Date);
    expect(parsed!.at.getTime()).toBe(Date.UTC(2024, 4, 6, 7, 8, 9));
    // The function itself cannot cross threads: only its type id (1184) does.
    const [raw] = rowsOf<{ at: unknown }>(await thread.query(q, [], { parsers: { 1184: (v: unknown) => v } }));
    expect(raw!.at).toBe("2024-05-06 07:08:09+00");
  });

  it("rejects with PostgreSQL's error fields, and keeps working", async () => {
    await thread.query("create table uniq (k text primary key)");
    await thread.query("insert into uniq values ('a')");
    const dup = await thread.query("insert into uniq values ('a')").catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(Error);
    expect(dup).toMatchObject({ code: "23505", constraint: "uniq_pkey" });
    await expect(thread.query("select 1 / 0")).rejects.toMatchObject({ code: "22012", message: "division by zero" });
    expect((await thread.query("select count(*)::int as n from uniq")).rows).toEqual([{ n: 1 }]);
  });

  it("commits a transaction that returns, rolls back one that throws", async () => {
    await thread.query("create table tx_rows (v text)");
    expect(await thread.transaction(async (tx) => (await tx.query("insert into tx_rows values ('kept')")).affectedRows)).toBe(1);

    const boom = new Error("boom");
    const thrown = thread.transaction(async (tx) => {
      await tx.query("insert into tx_rows values ('thrown')");
      throw boom;
    });
    await expect(thrown).rejects.toBe(boom);
    // A failing statement aborts the transaction: without the rollback the next statement would
    // fail with "current transaction is aborted".
    const failed = thread.transaction(async (tx) => {
      await tx.query("insert into tx_rows values ('failed')");
      await tx.query("select 1 / 0");
    });
    await expect(failed).rejects.toMatchObject({ code: "22012" });
    expect((await thread.query("select v from tx_rows")).rows).toEqual([{ v: "kept" }]);
  });

  it("runs EXECUTE of a prepared statement (sent by the simple protocol) like any statement", async () => {
    await thread.query("create table prepped (id int primary key, v text, at timestamptz)");
    await thread.query(
      "prepare put_prepped (int[], text[]) as insert into prepped select * from unnest($1::int[], $2::text[]), now() returning id, v, at",
    );
    const put = await thread.query("execute put_prepped('{1,2}', '{\"a;b\",\"it''s\"}')", [], { parsers: { 1184: (x: unknown) => x } });
    expect(put.affectedRows).toBe(2);
    expect(put.fields.map((f) => f.name)).toEqual(["id", "v", "at"]);
    expect(put.rows.map((r) => ({ ...(r as object), at: typeof (r as { at: unknown }).at }))).toEqual([
      { id: 1, v: "a;b", at: "string" },
      { id: 2, v: "it's", at: "string" },
    ]);
    expect((await thread.query("execute put_prepped('{3}', '{c}')", undefined, { rowMode: "array" })).rows).toEqual([
      [3, "c", expect.any(Date)],
    ]);
    await expect(thread.query("execute put_prepped('{1}', '{again}')")).rejects.toMatchObject({
      code: "23505",
      constraint: "prepped_pkey",
    });
    // Inside a transaction too, as its first statement (with the BEGIN) and after.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("execute put_prepped('{4}', '{d}')");
        await tx.query("execute put_prepped('{4}', '{d}')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await thread.query("select count(*)::int as n from prepped")).rows).toEqual([{ n: 3 }]);
  });

  it("opens the transaction with its first statement; statements sent together run in order; an empty one sends nothing", async () => {
    await thread.query("create table piped (n int)");
    // The first statement carries the BEGIN: it runs inside the transaction, so a failure after it
    // undoes it, and a failing first statement leaves nothing either.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into piped values (1)");
        await tx.query("select 1 / 0");
      }),
    ).rejects.toMatchObject({ code: "22012" });
    await expect(thread.transaction((tx) => tx.query("insert into piped values (1 / 0)"))).rejects.toMatchObject({ code: "22012" });
    expect((await thread.query("select count(*)::int as n from piped")).rows).toEqual([{ n: 0 }]);

    // Sent without waiting: they cross together and run in the order sent, each seeing the one before.
    const counts = await thread.transaction((tx) =>
      Promise.all([1, 2, 3].map((n) => tx.query(`with i as (insert into piped values (${n})) select count(*)::int as n from piped`))),
    );
    expect(counts.map((r) => r.rows[0])).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    // All three, the first included, were one transaction: one xmin.
    expect((await thread.query("select count(distinct xmin::text)::int as x, count(*)::int as n from piped")).rows).toEqual([
      { x: 1, n: 3 },
    ]);

    // Nothing sent: nothing to open or commit, and the session is free afterwards.
    expect(await thread.transaction(async () => "nothing")).toBe("nothing");
    expect((await thread.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("holds the session: a statement from outside runs only after the transaction ends", async () => {
    await thread.query("create table gate (v int)");
    const order: string[] = [];
    let outside!: Promise<ThreadResults>;
    const tx = thread
      .transaction(async (t) => {
        await t.query("insert into gate values (1)");
        // Sent mid-transaction on the one session: had it gone straight to the worker it would
        // run inside this transaction, see one row, and finish during the delay.
        outside = thread.query("select count(*)::int as n from gate").then((r) => (order.push("outside"), r));
        await delay(100);
        await t.query("insert into gate values (2)");
        order.push("tx body");
      })
      .then(() => order.push("tx committed"));
    await tx;
    expect((await outside).rows).toEqual([{ n: 2 }]);
    expect(order).toEqual(["tx body", "tx committed", "outside"]);
  });

  it("answers a transaction's statements without waiting for this thread's event loop, before a timer or I/O callback", async () => {
    await thread.query("create table quick (v int)");
    const order: string[] = [];
    await thread.transaction(async (tx) => {
      await tx.query("insert into quick values (1)");
      setImmediate(() => order.push("event loop"));
      for (let v = 2; v <= 4; v++) await tx.query("insert into quick values ($1)", [v]);
      order.push("statements");
    });
    order.push("committed");
    // Awaited as messages, each reply would have come after the setImmediate callback.
    expect(order).toEqual(["statements", "committed"]);
    await delay(0);
    expect(order).toEqual(["statements", "committed", "event loop"]);
    expect((await thread.query("select count(*)::int as n, count(distinct xmin::text)::int as x from quick")).rows).toEqual([
      { n: 4, x: 1 },
    ]);
  });

  it("awaits a transaction's slow statement as usual, late replies included, and reports its errors", async () => {
    await thread.query("create table slow (v int)");
    const result = await thread.transaction(async (tx) => {
      await tx.query("insert into slow values (1)");
      // Longer than the blocking wait: awaited through the event loop instead. Sent without waiting:
      // the next statement, with it still ahead on the database thread, is sent as usual and runs
      // after it.
      const sleeping = tx.query("select pg_sleep(0.2), 'slept' as s");
      const after = await tx.query("select count(*)::int as n from slow");
      await tx.query("insert into slow values (2)");
      return { slept: (await sleeping).rows, after: after.rows };
    });
    expect(result).toEqual({ slept: [{ pg_sleep: "", s: "slept" }], after: [{ n: 1 }] });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into slow values (3)");
        await tx.query("select 1 / 0");
      }),
    ).rejects.toMatchObject({ code: "22012" });
    expect((await thread.query("select array_agg(v order by v) as v from slow")).rows).toEqual([{ v: [1, 2] }]);
  });

  it("delivers the NOTIFY a transaction caused before its commit resolves", async () => {
    const seen: string[] = [];
    const unlisten = await thread.listen("tx_ch", (payload) => seen.push(`notify ${payload}`));
    await thread
      .transaction(async (tx) => {
        await tx.query("select 1");
        await tx.query("notify tx_ch, 'committed'");
        expect(seen).toEqual([]); // held until the commit
      })
      .then(() => seen.push("transaction done"));
    expect(seen).toEqual(["notify committed", "transaction done"]);
    await unlisten();
  });

  it("runs concurrent transactions one after the other (no lost update)", async () => {
    await thread.query("create table counter (n int)");
    await thread.query("insert into counter values (0)");
    // Read, yield, write: interleaved on one session, these would overwrite each other.
    const bump = () =>
      thread.transaction(async (tx) => {
        const [{ n }] = rowsOf<{ n: number }>(await tx.query("select n from counter")) as [{ n: number }];
        await delay(5);
        await tx.query("update counter set n = $1", [n + 1]);
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    expect((await thread.query("select n from counter")).rows).toEqual([{ n: 10 }]);
  });

  it("delivers a NOTIFY before the statement that caused it resolves; unlisten stops it", async () => {
    const seen: string[] = [];
    const unlisten = await thread.listen("ch", (payload) => seen.push(`notify ${payload}`));
    expect((await thread.query("select pg_listening_channels() as c")).rows).toEqual([{ c: "ch" }]);
    await thread.query("notify ch, 'x'").then(() => seen.push("statement done"));
    expect(seen).toEqual(["notify x", "statement done"]);

    await unlisten();
    // The worker unlistened too (not only the callback dropped on this side).
    expect((await thread.query("select pg_listening_channels() as c")).rows).toEqual([]);
    await thread.query("notify ch, 'y'");
    await delay(50);
    expect(seen).toEqual(["notify x", "statement done"]);
  });
});

describe("PgliteThread lifecycle", () => {
  it("close() stops the thread; a statement after it rejects", async () => {
    const before = livePorts();
    const thread = await PgliteThread.start();
    expect(thread.closed).toBe(false);
    expect(livePorts()).toBe(before + 1);
    await thread.close();
    expect(thread.closed).toBe(true);
    expect(livePorts()).toBe(before);
    await expect(thread.query("select 1")).rejects.toThrow(/stopped/);
    await thread.close(); // a second close is a no-op
    // A closed thread is not a failed one (the API exits on `failure`).
    expect(await Promise.race([thread.failure, delay(100).then(() => "not settled")])).toBe("not settled");
  });

  it("a thread that dies reports the failure, and every later statement gets the same error", async () => {
    const thread = await PgliteThread.start();
    await thread.query("select 1");
    // What a WebAssembly abort looks like from here: the worker is gone without close().
    await (thread as unknown as { worker: import("node:worker_threads").Worker }).worker.terminate();
    const err = await thread.failure;
    expect(err.message).toMatch(/embedded database thread stopped/);
    expect(thread.closed).toBe(true);
    await expect(thread.query("select 1")).rejects.toBe(err);
  });

  it("a failed start rejects with an Error and leaves no thread running", async () => {
    const file = path.join(tmpDir(), "file");
    fs.writeFileSync(file, "not a folder");
    const before = livePorts();
    // The folder cannot be created under a file: Node's own error, code included.
    await expect(PgliteThread.start(path.join(file, "pg"))).rejects.toMatchObject({ code: "ENOTDIR" });
    expect(livePorts()).toBe(before);
    // The file itself as the folder: emscripten throws a non-Error `ErrnoError { errno }`.
    const err = await PgliteThread.start(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ name: "ErrnoError", message: expect.stringMatching(/^ErrnoError \(errno \d+\)$/) });
    expect(livePorts()).toBe(before);
  });
});

describe("openPglite on a data folder (PGlite in its thread, drizzle on top)", () => {
  const notes = pgTable("notes", {
    id: serial("id").primaryKey(),
    body: text("body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  });
  const at = new Date(Date.UTC(2024, 4, 6, 7, 8, 9));

  it("runs drizzle end to end, and the data survives a close and reopen", async () => {
    const dir = tmpDir();
    const first = await openPglite(dir);
    try {
      await first.db.execute(sql`create table notes (id serial primary key, body text not null, at timestamptz not null)`);
      await first.db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: "kept", at });
      });
      const undo = first.db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: "dropped", at });
        throw new Error("undo");
      });
      await expect(undo).rejects.toThrow("undo");
      // The query builder reads in array mode with drizzle's own timestamp mapping.
      expect(await first.db.select({ body: notes.body, at: notes.at }).from(notes)).toEqual([{ body: "kept", at }]);
      // Raw execute: drizzle's identity parser for timestamptz reaches the thread.
      expect(await rows(first.db, sql`select at from notes`)).toEqual([{ at: "2024-05-06 07:08:09+00" }]);
    } finally {
      await first.close();
    }
    const second = await openPglite(dir);
    try {
      expect(await rows(second.db, sql`select body from notes`)).toEqual([{ body: "kept" }]);
    } finally {
      await second.close();
    }
  });
});
