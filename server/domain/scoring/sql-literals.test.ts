import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { freshDatabase } from "../../test/database";
import { rows, type Database } from "../../db/client";
import { arrayLiteral, inline, quote } from "./sql-literals";
import { signalNames } from "./signals";
import { arrayText } from "../../db/array-text";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe("SQL literals of the prepared statements", () => {
  it("round-trips hostile strings through array and string literals unchanged", async () => {
    const nasty = [`it's`, `"quoted"`, `back\\slash`, `{braces},commas`, `'); drop table transactions; --`, "NULL", "", "ünïcødé €", null];
    const text = inline("select $1::text[] as a, $2::text as s", [arrayLiteral(nasty), quote(`O'Brien \\ "x"`)]);
    const [r] = await rows<{ a: (string | null)[]; s: string }>(database.db, sql.raw(text));
    const a = Array.isArray(r!.a) ? r!.a : [];
    expect(a).toEqual(nasty);
    expect(r!.s).toBe(`O'Brien \\ "x"`);
    const left = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from transactions`);
    expect(left[0]?.n).toBe(0);
  });

  it("refuses NUL, which no PostgreSQL text can hold", () => {
    expect(() => quote("a\u0000b")).toThrow();
    expect(() => arrayLiteral(["ok", "a\u0000b"])).toThrow();
  });

  it("builds array literals element by element exactly as quoting the array's text would", () => {
    const values = [`it's`, `"quoted"`, `back\\slash`, `{"json":"it's \\"x\\""}`, "", null, 42, `''`];
    expect(arrayLiteral(values)).toBe(quote(arrayText(values)));
    expect(arrayLiteral([])).toBe("'{}'");
  });
});

describe("README", () => {
  it("documents every signal of the catalogue", () => {
    const readme = fs.readFileSync(new URL("./README.md", import.meta.url), "utf8");
    for (const name of signalNames) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
