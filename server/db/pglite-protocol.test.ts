import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteStatements } from "./pglite-protocol";
import { ARRAY_TYPES_SQL, lastResult, pgliteParsers, type ArrayType } from "./pglite-results";

// The one-call protocol path of the embedded database's thread, on PGlite in this process. The
// thread's own tests (pglite-thread.test.ts) and every integration test go through it too.

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`create table items (id text primary key, n int, price numeric, doc jsonb, tags text[], flag boolean, at timestamptz);`);
});
afterAll(() => db.close());

const names = async () =>
  (await db.query<{ name: string }>("select name from pg_prepared_statements where name like 'argus_s%' order by name")).rows.map(
    (r) => r.name,
  );

describe("PgliteStatements", () => {
  it("serializes and parses values exactly as PGlite's own query does", async () => {
    const s = new PgliteStatements(db);
    const at = new Date("2026-11-26T10:00:00.123Z");
    const params = ["a", 7, "12.50", { k: [1, "two"] }, ["x", "y,z", 'q"'], true, at];
    const insert = "insert into items (id, n, price, doc, tags, flag, at) values ($1, $2, $3, $4, $5, $6, $7)";
    const mine = await s.query(insert, params, {});
    const theirs = await db.query(insert, ["b", ...params.slice(1)]);
    expect(mine.affectedRows).toBe(1);
    expect(theirs.affectedRows).toBe(1);
    const select = "select id, n, price, doc, tags, flag, at, null::text as nothing from items where id = any($1) order by id";
    for (const rowMode of ["object", "array"] as const) {
      const a = await s.query(select, [["a", "b"]], { rowMode });
      const b = await db.query(select, [["a", "b"]], { rowMode });
      expect(a.fields).toEqual(b.fields);
      expect(a.rows).toEqual(b.rows);
    }
    const [row, theirRow] = (await s.query(select, [["a", "b"]], {})).rows as Record<string, unknown>[];
    // The row it wrote equals the one `query` wrote from the same values.
    expect({ ...row, id: "b" }).toEqual(theirRow);
    expect(row).toEqual({ id: "a", n: 7, price: "12.50", doc: { k: [1, "two"] }, tags: ["x", "y,z", 'q"'], flag: true, at, nothing: null });
    // The caller's parsers win over PGlite's (drizzle parses timestamps itself).
    const raw = await s.query("select at from items where id = $1", ["a"], { parsers: { [types.TIMESTAMPTZ]: (x: string) => x } });
    expect(raw.rows).toEqual([{ at: "2026-11-26 10:00:00.123+00" }]);
  });

  it("hands back the raw reply, which the API's thread parses as PGlite's query would (command, counts, rows, parsers)", async () => {
    const s = new PgliteStatements(db);
    // The parsers the thread's other side builds from the array types the worker reports.
    const arrayTypes = (await db.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL)).rows.map((r): ArrayType => [r.oid, r.typarray]);
    const parsers = pgliteParsers(arrayTypes);
    const cases: [string, unknown[]][] = [
      [
        "insert into items (id, n, tags, doc) values ($1, $2, $3, $4), ($5, $2, $3, $4) returning id, n, tags, doc",
        ["r1", 3, ["p", "q"], { a: 1 }, "r2"],
      ],
      ["update items set n = n + 1 where id = any($1) returning n, at", [["r1", "r2"]]],
      [
        "select id, n, price, doc, tags, flag, at, array[at, at] as ats, array[1.5, 2]::numeric[] as nums from items where id = any($1) order by id",
        [["a", "r1", "r2"]],
      ],
      ["delete from items where id = $1", ["r2"]],
      ["select 1 as one where false", []],
    ];
    const own = { [types.TIMESTAMPTZ]: (x: string) => `raw ${x}`, [1231]: (x: string) => x };
    for (const [text, params] of cases) {
      for (const opts of [{}, { rowMode: "array" as const }, { parsers: own }, { rowMode: "array" as const, parsers: own }]) {
        // Each statement twice (it writes): once here, once through PGlite's query, inside a rolled-back transaction.
        await db.exec("begin");
        const theirs = await db.query(text, params, opts);
        await db.exec("rollback");
        await db.exec("begin");
        const mine = lastResult((await s.raw(text, params)).data, parsers, opts);
        await db.exec("rollback");
        expect(mine).toEqual(theirs);
      }
    }
    // The reply of a BEGIN sent with the statement: the statement's result is the last.
    const begun = lastResult((await s.raw("select $1::int as v", [5], true)).data, parsers);
    await s.query("rollback", undefined);
    expect(begun).toMatchObject({ rows: [{ v: 5 }], command: "SELECT", rowCount: 1 });
  });

  it("collects the NOTIFYs a call caused", async () => {
    const s = new PgliteStatements(db);
    await s.raw('listen "argus_test"', []);
    const reply = await s.raw("select pg_notify($1, $2), pg_notify($1, 'second')", ["argus_test", "first"]);
    expect(reply.notifications).toEqual([
      { channel: "argus_test", payload: "first" },
      { channel: "argus_test", payload: "second" },
    ]);
    expect((await s.raw("select 1", [])).notifications).toEqual([]);
    await s.raw('unlisten "argus_test"', []);
  });

  it("prepares a text once and reuses it; closes the least recently used beyond its capacity", async () => {
    await db.exec("deallocate all");
    const s = new PgliteStatements(db, 2);
    const q = (n: number) => `select ${n} + $1::int as v`;
    expect((await s.query(q(1), [1], {})).rows).toEqual([{ v: 2 }]);
    expect((await s.query(q(1), [2], {})).rows).toEqual([{ v: 3 }]);
    expect(await names()).toHaveLength(1);
    await s.query(q(2), [1], {});
    await s.query(q(1), [1], {}); // q(1) is now the most recently used
    await s.query(q(3), [1], {}); // evicts q(2)
    expect(s.size).toBe(2);
    // The Close travels with the next statement.
    await s.query(q(1), [5], {});
    const left = await names();
    expect(left).toHaveLength(2);
    expect(
      (
        await db.query<{ statement: string }>("select statement from pg_prepared_statements where name = any($1) order by statement", [
          left,
        ])
      ).rows.map((r) => r.statement),
    ).toEqual([q(1), q(3)]);
  });

  it("keeps no statement without parameters (DDL, ANALYZE, VACUUM run as the unnamed statement)", async () => {
    await db.exec("deallocate all");
    const s = new PgliteStatements(db);
    await s.query("create table scratch (id int)", [], {});
    await s.query("analyze scratch", undefined, {});
    await s.query("vacuum scratch", [], {});
    expect((await s.query("select count(*)::int as c from scratch", [], {})).rows).toEqual([{ c: 0 }]);
    await s.query("drop table scratch", [], {}, true);
    await s.query("commit", undefined, {});
    expect(s.size).toBe(0);
    expect(await names()).toEqual([]);
  });

  it("rejects with PostgreSQL's error fields and the statement's text; a text that fails to parse is not kept", async () => {
    const s = new PgliteStatements(db);
    const before = s.size;
    const syntax = await s.query("select from from items where id = $1", ["a"], {}).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42601", query: "select from from items where id = $1" });
    expect(s.size).toBe(before);
    const dup = await s.query("insert into items (id) values ($1)", ["a"], {}).catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: "23505", constraint: "items_pkey" });
    // A bad value for an inferred type fails at Bind, and the statement stays usable.
    await expect(s.query("select $1::int as v", ["seven"], {})).rejects.toMatchObject({ code: "22P02" });
    expect((await s.query("select $1::int as v", ["7"], {})).rows).toEqual([{ v: 7 }]);
    expect(db.isInTransaction()).toBe(false);
  });

  it("opens a transaction with a statement, and runs the statement only if it opened", async () => {
    const s = new PgliteStatements(db);
    await s.query("insert into items (id, n) values ($1, null)", ["t1"], {}, true);
    expect(db.isInTransaction()).toBe(true);
    await s.query("rollback", undefined, {});
    expect((await s.query("select count(*)::int as c from items where id = $1", ["t1"], {})).rows).toEqual([{ c: 0 }]);
    // A statement prepared in a transaction outlives its rollback (session-level, as PREPARE).
    const prepared = await db.query("select 1 from pg_prepared_statements where statement = $1", [
      "insert into items (id, n) values ($1, null)",
    ]);
    expect(prepared.rows).toHaveLength(1);
    await s.query("insert into items (id, n) values ($1, null)", ["t0"], {});
    // By the simple protocol too (an EXECUTE), and a failing first statement leaves an aborted
    // transaction for the caller's ROLLBACK.
    await s.query("prepare argus_test_ins (text) as insert into items (id, n) values ($1, null)", undefined, {});
    const r = await s.query("execute argus_test_ins('t2')", undefined, {}, true);
    expect(r.affectedRows).toBe(1);
    await s.query("commit", undefined, {});
    await expect(s.query("execute argus_test_ins('t2')", undefined, {}, true)).rejects.toMatchObject({ code: "23505" });
    expect(db.isInTransaction()).toBe(true);
    await expect(s.query("select 1 as one", [], {})).rejects.toMatchObject({ code: "25P02" });
    await s.query("rollback", undefined, {});
    expect((await s.query("select count(*)::int as c from items where id = any($1)", [["t0", "t1", "t2"]], {})).rows).toEqual([{ c: 2 }]);
  });

  it("prepares again a statement the session lost: at once outside a transaction, next time inside one", async () => {
    const s = new PgliteStatements(db);
    const text = "select n from items where id = $1";
    expect((await s.query(text, ["a"], {})).rows).toEqual([{ n: 7 }]);
    await db.exec("deallocate all");
    expect((await s.query(text, ["a"], {})).rows).toEqual([{ n: 7 }]);
    await db.exec("deallocate all");
    await expect(s.query(text, ["a"], {}, true)).rejects.toMatchObject({ code: "26000" });
    await s.query("rollback", undefined, {});
    expect((await s.query(text, ["a"], {}, true)).rows).toEqual([{ n: 7 }]);
    await s.query("commit", undefined, {});
  });
});
