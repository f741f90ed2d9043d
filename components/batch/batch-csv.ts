import Papa from "papaparse";
import { MAX_BATCH_ROWS, ScoreRequestSchema, type BatchRowOutcome, type ScoreRequest } from "@/lib/schemas/batch";
import { csvColumnNames, integerColumns, METADATA_PREFIX, requiredColumns } from "./batch-columns";

// Reading a batch file in the browser: papaparse splits it, then each row is mapped from flat
// dotted headers to the nested body of POST /v1/transactions/score and validated with the schema
// the server action uses. Everything wrong is reported (file problems, then every row's problems
// with its row number and column) before anything is sent.

/** Rows are numbered as a spreadsheet shows them: the header is row 1, the first data row 2. */
export type RowProblem = { row: number; field: string; message: string };

export type BatchRow = {
  row: number;
  /** The row's cells by header, as read (trimmed). */
  record: Record<string, string>;
  /** The request to send; absent when the row has problems. */
  body?: ScoreRequest;
  problems: RowProblem[];
};

export type ParsedBatch = { ok: true; columns: string[]; rows: BatchRow[] } | { ok: false; problems: string[] };

const METADATA_KEY = /^[^\s.]{1,40}$/;

/** Checks the header row: known, unique columns, and every required one present. */
export function checkHeader(header: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (name === "") {
      problems.push("A column has no name in the header row. Remove the empty column or name it.");
      continue;
    }
    if (seen.has(name)) problems.push(`The column "${name}" appears twice.`);
    seen.add(name);
    if (csvColumnNames.has(name)) continue;
    if (name.startsWith(METADATA_PREFIX)) {
      if (!METADATA_KEY.test(name.slice(METADATA_PREFIX.length))) {
        problems.push(`The column "${name}": a metadata key is 1 to 40 characters without spaces or dots.`);
      }
      continue;
    }
    const hint = [...csvColumnNames].find((known) => known.toLowerCase() === name.toLowerCase());
    if (hint) problems.push(`Unknown column "${name}". Column names are case-sensitive: did you mean "${hint}"?`);
    else if (name === "transaction_id")
      problems.push(
        `Unknown column "transaction_id": Argus assigns transaction ids. Put your own reference in a metadata column such as "metadata.order_id".`,
      );
    else problems.push(`Unknown column "${name}". See the column format below; your own fields go in "metadata.<key>" columns.`);
  }
  for (const name of requiredColumns) {
    if (!seen.has(name)) problems.push(`The required column "${name}" is missing.`);
  }
  return problems;
}

/**
 * The nested request body of one row. Empty cells are left out (the field is absent); whole
 * numbers become numbers where the API wants integers; anything else stays text, so the schema
 * reports it against its column.
 */
export function recordToRequest(record: Readonly<Record<string, string>>): Record<string, unknown> {
  // The two required objects always exist, so an empty required cell reads "is required" against
  // its own column (payment_method.type), not against a missing parent object.
  const body: Record<string, unknown> = { payment_method: {}, user: {} };
  for (const [column, value] of Object.entries(record)) {
    if (value === "") continue;
    const path = column.startsWith(METADATA_PREFIX) ? ["metadata", column.slice(METADATA_PREFIX.length)] : column.split(".");
    const typed = integerColumns.has(column) && /^[+-]?\d{1,15}$/.test(value) ? Number(value) : value;
    let target = body;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      target = (typeof next === "object" && next !== null ? next : (target[key] = {})) as Record<string, unknown>;
    }
    target[path[path.length - 1]!] = typed;
  }
  return body;
}

/** Validates one row with the action's schema; problems name the CSV column. */
export function validateRecord(row: number, record: Record<string, string>): BatchRow {
  const checked = ScoreRequestSchema.safeParse(recordToRequest(record));
  if (checked.success) return { row, record, body: checked.data, problems: [] };
  const problems = checked.error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    // "Unrecognized key" comes only from a typo the header check missed: name the key itself.
    if (issue.code === "unrecognized_keys")
      return { row, field: [field, ...issue.keys].filter(Boolean).join("."), message: "is not a field of the request" };
    return { row, field: field || "row", message: issue.message };
  });
  return { row, record, problems };
}

/** Parses and checks a whole file. A file problem (header, size) stops everything. */
export function parseBatchCsv(text: string): ParsedBatch {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: false });
  const lines = parsed.data;
  const header = (lines[0] ?? []).map((cell) => cell.trim());
  if (header.length === 0 || header.every((cell) => cell === ""))
    return { ok: false, problems: ["The file is empty: the first row must name the columns."] };
  const fileProblems = checkHeader(header);
  // Quotes left open swallow the rest of the file: the rows would be wrong, so say where it starts.
  const quoteError = parsed.errors.find((error) => error.type === "Quotes");
  if (quoteError) fileProblems.push(`Row ${(quoteError.row ?? 0) + 1}: a quoted value is not closed (${quoteError.message}).`);
  if (fileProblems.length > 0) return { ok: false, problems: fileProblems };

  const rows: BatchRow[] = [];
  for (let index = 1; index < lines.length; index++) {
    const cells = lines[index]!;
    if (cells.every((cell) => cell.trim() === "")) continue; // blank lines, the trailing newline
    const row = index + 1;
    if (rows.length === MAX_BATCH_ROWS) {
      const total = lines.slice(1).filter((line) => line.some((cell) => cell.trim() !== "")).length;
      return {
        ok: false,
        problems: [
          `The file has ${total.toLocaleString("en-GB")} rows; a batch takes at most ${MAX_BATCH_ROWS.toLocaleString("en-GB")}. Split it into smaller files.`,
        ],
      };
    }
    if (cells.length !== header.length) {
      const record = Object.fromEntries(header.map((name, i) => [name, (cells[i] ?? "").trim()]));
      rows.push({
        row,
        record,
        problems: [{ row, field: "row", message: `has ${cells.length} cells; the header has ${header.length} columns` }],
      });
      continue;
    }
    rows.push(validateRecord(row, Object.fromEntries(header.map((name, i) => [name, cells[i]!.trim()]))));
  }
  if (rows.length === 0) return { ok: false, problems: ["The file has a header but no rows to score."] };
  return { ok: true, columns: header, rows };
}

/**
 * The results file: the outcome columns first, then the row's own cells (so it can be matched
 * to the input, metadata included).
 */
export function resultsToCsv(
  columns: readonly string[],
  rows: readonly BatchRow[],
  outcomes: ReadonlyMap<number, BatchRowOutcome>,
): string {
  const outcomeColumns = [
    "row",
    "status",
    "transaction_id",
    "risk_score",
    "decision",
    "signals",
    "error_field",
    "error_code",
    "error_message",
    "request_id",
  ];
  const data = rows.map((row) => {
    const outcome = outcomes.get(row.row);
    const cells: Record<string, string | number> = { row: row.row };
    if (row.problems.length > 0) {
      cells.status = "invalid";
      cells.error_field = row.problems.map((p) => p.field).join("; ");
      cells.error_message = row.problems.map((p) => `${p.field} ${p.message}`).join("; ");
    } else if (outcome?.status === "scored") {
      cells.status = "scored";
      cells.transaction_id = outcome.result.transaction_id;
      cells.risk_score = outcome.result.risk_score;
      cells.decision = outcome.result.decision;
      cells.signals = outcome.result.signals.map((s) => s.name).join(" ");
    } else if (outcome?.status === "failed") {
      cells.status = "failed";
      cells.error_field = outcome.error.param ?? "";
      cells.error_code = outcome.error.code ?? "";
      cells.error_message = outcome.error.message;
      cells.request_id = outcome.error.requestId ?? "";
    } else {
      cells.status = "not_sent";
    }
    for (const column of columns) cells[`input.${column}`] = row.record[column] ?? "";
    return cells;
  });
  // Formula-looking cells (=, +, -, @) are prefixed by papaparse's escapeFormulae: a results file
  // opened in a spreadsheet must not run what a CSV row carried.
  return Papa.unparse(
    {
      fields: [...outcomeColumns, ...columns.map((c) => `input.${c}`)],
      data: data.map((cells) => [...outcomeColumns, ...columns.map((c) => `input.${c}`)].map((f) => cells[f] ?? "")),
    },
    { escapeFormulae: true },
  );
}
