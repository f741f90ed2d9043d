import { protocol, types, type messages, type QueryOptions, type Results } from "@electric-sql/pglite";

// Reading PostgreSQL's answer to one call into the embedded database: the raw protocol bytes its
// thread hands over (pglite-protocol.ts), turned into rows here, on the API's thread. Parsing the
// messages and the values (JSON documents, timestamps, arrays) was a tenth of the database thread's
// busy time; that thread runs every statement in turn, so time spent there delays every waiting
// statement, while the API's thread has room. The bytes cross
// without a copy (transferred), where rows as objects were copied twice (structured clone).

type Parser = (value: string, typeId?: number) => unknown;

/** An element type and its array type, as PGlite reads them from pg_type at start. */
export type ArrayType = [elementOid: number, arrayOid: number];

/** The statement PGlite itself runs at start to learn the array types (`_initArrayTypes`). */
export const ARRAY_TYPES_SQL = `
  select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;

/** PGlite's value parsers: its defaults plus one per array type, built as PGlite builds them. */
export function pgliteParsers(arrayTypes: ArrayType[]): Record<number, Parser> {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  for (const [element, array] of arrayTypes) parsers[array] = (value) => types.arrayParser(value, parsers[element] as Parser, array);
  return parsers;
}

/** The protocol messages in `data` (complete messages, as one call returns them). */
export function messagesOf(data: Uint8Array) {
  const out: messages.BackendMessage[] = [];
  new protocol.Parser().parse(data, (m) => out.push(m));
  return out;
}

type Field = { name: string; dataTypeID: number };

/**
 * The result of the call's last statement (a BEGIN sent with it comes first), as PGlite's `query`
 * gives it: the same rows, fields, command, affectedRows (summed over the call, as PGlite sums it)
 * and rowCount. PGlite's own `parse.parseResults` copies its whole parser table into a new object
 * for every call that brings parsers of its own (drizzle brings some with every statement); here
 * each column's parser is looked up once per result instead.
 */
export function lastResult(data: Uint8Array, parsers: Record<number, Parser>, opts: QueryOptions = {}): Results {
  const own = opts.parsers as Record<number, Parser> | undefined;
  const arrays = opts.rowMode === "array";
  let fields: Field[] = [];
  let columns: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let last: Results | undefined;
  for (const m of messagesOf(data) as (messages.BackendMessage & Record<string, unknown>)[]) {
    if (m.name === "rowDescription") {
      fields = (m.fields as Field[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      columns = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (m.name === "dataRow") {
      const values = m.fields as (string | null)[];
      if (arrays) {
        const row = new Array<unknown>(values.length);
        for (let i = 0; i < values.length; i++) row[i] = cell(values[i]!, columns[i], fields[i]!.dataTypeID);
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i]!.name] = cell(values[i]!, columns[i], fields[i]!.dataTypeID);
        rows.push(row);
      }
    } else if (m.name === "commandComplete") {
      const words = (m.text as string).split(" ");
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command)) affectedRows += count;
      last = { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results;
      fields = [];
      columns = [];
      rows = [];
    }
  }
  return last ?? ({ rows: [], fields: [], affectedRows: 0 } as unknown as Results);
}

const cell = (value: string | null, parser: Parser | undefined, typeId: number): unknown =>
  value === null ? null : parser ? parser(value, typeId) : value;
