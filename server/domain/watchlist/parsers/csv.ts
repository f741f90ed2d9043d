import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";

// Thin, shared wrappers round csv-parse and the text decoding every list file needs.

/** UTF-8 text without a byte-order mark (the EU file ships with one). */
export function decodeUtf8(input: Buffer | string): string {
  const text = typeof input === "string" ? input : input.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const EOF_BYTE = 0x1a;

/** Latin-1 text (OFAC legacy files) without the DOS end-of-file byte (0x1A) they end with. */
export function decodeLatin1(input: Buffer | string): string {
  const text = typeof input === "string" ? input : iconv.decode(input, "latin1");
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === EOF_BYTE || /\s/.test(text[end - 1] as string))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Rows as arrays of strings (trimmed unless `trim` is false); for header-less files. */
export function parseRows(text: string, delimiter = ",", trim = true): string[][] {
  const rows = parse(text, {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    trim,
  }) as string[][];
  return rows;
}

/** Rows as objects keyed by the header row; header names are trimmed, missing cells are "". */
export function parseRecords(text: string, delimiter = ","): Record<string, string>[] {
  const rows = parseRows(text, delimiter);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const out: Record<string, string>[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r] as string[];
    if (row.every((cell) => cell === "")) continue;
    const rec: Record<string, string> = {};
    header.forEach((h, i) => {
      rec[h] = row[i] ?? "";
    });
    out.push(rec);
  }
  return out;
}

/** The header row of a CSV text, for format checks. */
export function headerOf(text: string, delimiter = ","): string[] {
  return (parseRows(text.split(/\r?\n/, 1)[0] ?? "", delimiter)[0] ?? []).map((h) => h.trim());
}
