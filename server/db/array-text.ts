/** An array element as PostgreSQL's array syntax wants it: double-quoted, `\` and `"` escaped (one pass). */
export function arrayElement(v: string | number | null): string {
  return v === null ? "NULL" : `"${String(v).replace(/[\\"]/g, "\\$&")}"`;
}

/** A PostgreSQL array value as text ('{"a",NULL,"b"}'): elements double-quoted and escaped. Bind it as one parameter cast to its array type. */
export function arrayText(values: readonly (string | number | null)[]): string {
  return `{${values.map(arrayElement).join(",")}}`;
}
