// Literal encoding for the engine's prepared statements. EXECUTE cannot bind parameters, so the
// arguments travel as SQL literals: every value is quoted here, never concatenated raw.
import { arrayText } from "../../db/array-text";

/** A PostgreSQL array literal ('{"a",NULL,"b"}'), elements double-quoted and escaped. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return quote(arrayText(values));
}

/** A string literal: single quotes doubled (standard_conforming_strings is on since PostgreSQL 9.1). */
export function quote(value: string): string {
  if (value.includes("\u0000")) throw new Error("NUL in SQL literal");
  return `'${value.replace(/'/g, "''")}'`;
}

/** The statement text with its $n placeholders replaced by the given literals. */
export function inline(text: string, literals: readonly string[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const lit = literals[Number(n) - 1];
    if (lit === undefined) throw new Error(`no literal for $${n}`);
    return lit;
  });
}
