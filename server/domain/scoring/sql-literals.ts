// Literal encoding for the engine's prepared statements. EXECUTE cannot bind parameters, so the
// arguments travel as SQL literals: every value is quoted here, never concatenated raw.
import { arrayElement } from "../../db/array-text";

/**
 * A PostgreSQL array literal ('{"a",NULL,"b"}'), elements double-quoted and escaped. The same text
 * as quote(arrayText(values)), built element by element: the write's arguments, mostly JSON cells
 * (explanations, stored responses), are a fifth of what a score allocates on the API's thread, and
 * quoting the joined text copied all of it once more.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `'{${values.map((v) => quoteText(arrayElement(v))).join(",")}}'`;
}

/** A string literal: single quotes doubled (standard_conforming_strings is on since PostgreSQL 9.1). */
export function quote(value: string): string {
  return `'${quoteText(value)}'`;
}

/** The inside of a string literal: single quotes doubled; NUL refused (no PostgreSQL text holds it). */
function quoteText(value: string): string {
  if (value.includes("\u0000")) throw new Error("NUL in SQL literal");
  return value.includes("'") ? value.replace(/'/g, "''") : value;
}

/** The statement text with its $n placeholders replaced by the given literals. */
export function inline(text: string, literals: readonly string[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const lit = literals[Number(n) - 1];
    if (lit === undefined) throw new Error(`no literal for $${n}`);
    return lit;
  });
}
