/** A PostgreSQL array value as text ('{"a",NULL,"b"}'): elements double-quoted and escaped. Bind it as one parameter cast to its array type. */
export function arrayText(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}
