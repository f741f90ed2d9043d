import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

/**
 * A row of a raw statement (`select t.* …`, database column names) as drizzle's `select().from(t)`
 * returns it: property names, and each value through its column's own mapping (timestamps to
 * Date, bigint-as-number, JSON). For the statements drizzle's builder cannot express (a LATERAL
 * join over unnest) whose rows the rest of the code handles as table rows.
 */
export function mapRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const out: Record<string, unknown> = {};
  for (const [prop, column] of Object.entries(getTableColumns(table))) {
    if (!(column.name in raw)) throw new Error(`mapRow: the row has no column ${column.name}`);
    const value = raw[column.name];
    if (value === null || value === undefined) out[prop] = null;
    // A driver that already parsed the timestamp (PGlite, node-postgres): drizzle's own mapping
    // expects the text form.
    else if (value instanceof Date && column.dataType === "date") out[prop] = value;
    else out[prop] = column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}
