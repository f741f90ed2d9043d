import type { BatchRow } from "./batch-csv";

const SHOWN = 20;

/** The rows that will not be sent, each problem with its row number and column. */
export function BatchProblems({ rows }: { rows: readonly BatchRow[] }) {
  const problems = rows.flatMap((row) => row.problems);
  if (problems.length === 0) return null;
  const invalidRows = rows.filter((row) => row.problems.length > 0).length;
  return (
    <div role="status" className="rounded-lg border border-warning/40 bg-warning-soft/50 p-3 text-sm">
      <p className="font-semibold">
        {invalidRows} {invalidRows === 1 ? "row has" : "rows have"} problems and will not be sent
      </p>
      <p className="text-muted-foreground">
        Fix them in the file and choose it again, or score the valid rows now. Rows are numbered as in a spreadsheet (the header is row 1).
      </p>
      <ul className="mt-2 grid gap-0.5">
        {problems.slice(0, SHOWN).map((problem) => (
          <li key={`${problem.row}:${problem.field}:${problem.message}`}>
            Row {problem.row}, <code className="font-mono text-xs">{problem.field}</code>: {problem.message}
          </li>
        ))}
      </ul>
      {problems.length > SHOWN ? (
        <p className="mt-1 text-muted-foreground">
          And {problems.length - SHOWN} more: choose “Invalid” in the results below to see every one.
        </p>
      ) : null}
    </div>
  );
}
