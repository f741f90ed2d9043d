/** A CSV problem, reported to the client as 400 invalid_field_value on the field that carried it. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * The rows of the small CSV tables an account uploads (BIN table, IP ranges): comma-separated,
 * no quoting needed (no field contains a comma), `#` comments and blank lines ignored, an optional
 * header row recognised by its first column name. Returns each row's fields with its line number.
 */
export function csvRows(text: string, headerFirstColumn: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? "").trim();
    if (raw === "" || raw.startsWith("#")) continue;
    const fields = raw.split(",").map((f) => f.trim());
    if (out.length === 0 && fields[0]?.toLowerCase() === headerFirstColumn) continue;
    out.push({ line: i + 1, fields });
  }
  return out;
}
