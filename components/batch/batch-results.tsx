"use client";

import { Download, FileSpreadsheet } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { RequestId } from "@/components/ui/request-id";
import type { BatchRowOutcome } from "@/lib/schemas/batch";
import type { BatchRow, RowProblem } from "./batch-csv";

export type ResultState = "scored" | "failed" | "invalid" | "not_sent";

export type ResultRow = {
  row: number;
  state: ResultState;
  record: Record<string, string>;
  problems: RowProblem[];
  outcome?: BatchRowOutcome;
};

const stateLabels: Record<ResultState, string> = { scored: "Scored", failed: "Failed", invalid: "Invalid", not_sent: "Not sent" };
const stateTones: Record<ResultState, BadgeProps["tone"]> = {
  scored: "success",
  failed: "danger",
  invalid: "warning",
  not_sent: "neutral",
};
const decisionTones: Record<string, BadgeProps["tone"]> = { allow: "success", challenge: "warning", block: "danger" };
const PAGE_SIZE = 100;

export function resultRowsOf(rows: readonly BatchRow[], outcomes: ReadonlyMap<number, BatchRowOutcome>): ResultRow[] {
  return rows.map((row) => {
    const outcome = outcomes.get(row.row);
    const state: ResultState =
      row.problems.length > 0 ? "invalid" : outcome?.status === "scored" ? "scored" : outcome?.status === "failed" ? "failed" : "not_sent";
    return { row: row.row, state, record: row.record, problems: row.problems, outcome };
  });
}

const columns = createDataTableColumns<ResultRow>();

const resultColumns = columns.columns([
  columns.accessor("row", {
    header: "Row",
    cell: ({ row }) => <span className="tabular-nums">{row.original.row}</span>,
    meta: { align: "end" },
  }),
  columns.display({
    id: "customer",
    header: "User / amount",
    cell: ({ row }) => (
      <span className="grid">
        <span className="max-w-44 truncate font-mono text-xs">{row.original.record["user.id"] || "—"}</span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {row.original.record.amount || "—"} {row.original.record.currency}
        </span>
      </span>
    ),
  }),
  columns.accessor("state", {
    header: "Result",
    cell: ({ row }) => <Badge tone={stateTones[row.original.state]}>{stateLabels[row.original.state]}</Badge>,
  }),
  columns.display({
    id: "transaction",
    header: "Transaction",
    cell: ({ row }) => {
      const outcome = row.original.outcome;
      if (outcome?.status !== "scored") return <span className="text-muted-foreground">—</span>;
      const id = outcome.result.transaction_id;
      return (
        <Link
          href={`/transactions/${encodeURIComponent(id)}`}
          className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline"
        >
          {id}
        </Link>
      );
    },
  }),
  columns.display({
    id: "score",
    header: "Score",
    cell: ({ row }) =>
      row.original.outcome?.status === "scored" ? (
        <span className="font-semibold tabular-nums">{row.original.outcome.result.risk_score}</span>
      ) : null,
    meta: { align: "end" },
  }),
  columns.display({
    id: "decision",
    header: "Decision",
    cell: ({ row }) => {
      const outcome = row.original.outcome;
      if (outcome?.status !== "scored") return null;
      return <Badge tone={decisionTones[outcome.result.decision] ?? "neutral"}>{outcome.result.decision}</Badge>;
    },
  }),
  columns.display({
    id: "details",
    header: "Signals or problem",
    cell: ({ row }) => <Details row={row.original} />,
    meta: { cellClassName: "max-w-md" },
  }),
]);

function Details({ row }: { row: ResultRow }) {
  if (row.state === "invalid") {
    return (
      <ul className="grid gap-0.5 text-xs">
        {row.problems.map((problem) => (
          <li key={`${problem.field}:${problem.message}`}>
            <code className="font-mono">{problem.field}</code> {problem.message}
          </li>
        ))}
      </ul>
    );
  }
  const outcome = row.outcome;
  if (outcome?.status === "failed") {
    return (
      <span className="grid gap-1 text-xs">
        <span>
          {/* The API's messages usually start with the field already: name it only when they do not. */}
          {outcome.error.param && !outcome.error.message.startsWith(outcome.error.param) ? (
            <code className="mr-1 font-mono">{outcome.error.param}</code>
          ) : null}
          {outcome.error.message}
          {outcome.error.code ? <span className="text-muted-foreground"> ({outcome.error.code})</span> : null}
        </span>
        {outcome.error.requestId ? <RequestId value={outcome.error.requestId} /> : null}
      </span>
    );
  }
  if (outcome?.status === "scored") {
    const signals = outcome.result.signals;
    if (signals.length === 0) return <span className="text-xs text-muted-foreground">No signals</span>;
    return (
      <span className="flex flex-wrap gap-1">
        {signals.map((signal) => (
          <Badge
            key={signal.name}
            tone={signal.weight === "high_risk" ? "danger" : signal.weight === "medium_risk" ? "warning" : "neutral"}
            title={signal.weight}
          >
            {signal.name}
          </Badge>
        ))}
      </span>
    );
  }
  return null;
}

type BatchResultsProps = {
  rows: readonly ResultRow[];
  onDownload: () => void;
};

/** Every row of the file with its outcome; filterable, 100 rows a page, downloadable as CSV. */
export function BatchResults({ rows, onDownload }: BatchResultsProps) {
  const [show, setShow] = useState<ResultState | "all">("all");
  const [page, setPage] = useState(0);
  const counts = useMemo(() => {
    const byState: Record<ResultState, number> = { scored: 0, failed: 0, invalid: 0, not_sent: 0 };
    for (const row of rows) byState[row.state]++;
    return byState;
  }, [rows]);
  const shown = useMemo(() => (show === "all" ? rows : rows.filter((row) => row.state === show)), [rows, show]);
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const pageRows = useMemo(() => shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE), [shown, current]);

  return (
    <section aria-labelledby="batch-results-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="batch-results-heading" className="text-lg font-semibold">
            Results
          </h2>
          <p className="text-sm text-muted-foreground">
            {counts.scored} scored · {counts.failed} failed · {counts.invalid} invalid · {counts.not_sent} not sent
          </p>
        </div>
        <div className="flex items-end gap-2">
          <Field label="Show">
            <NativeSelect
              value={show}
              onChange={(event) => {
                setShow(event.target.value as ResultState | "all");
                setPage(0);
              }}
              className="w-44"
            >
              <option value="all">All rows ({rows.length})</option>
              {(Object.keys(stateLabels) as ResultState[]).map((state) => (
                <option key={state} value={state}>
                  {stateLabels[state]} ({counts[state]})
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button variant="secondary" onClick={onDownload}>
            <Download aria-hidden="true" />
            Download results as CSV
          </Button>
        </div>
      </div>
      <DataTable
        caption="Batch scoring results, one row per CSV row"
        columns={resultColumns}
        data={pageRows}
        getRowId={(row) => String(row.row)}
        status="success"
        rowsKey={`${show}:${current}`}
        pagination={{
          page: current + 1,
          canPrevious: current > 0,
          canNext: current < pageCount - 1,
          onPrevious: () => setPage(current - 1),
          onNext: () => setPage(current + 1),
        }}
        empty={<EmptyState icon={<FileSpreadsheet />} title="No rows to show" description="No row of the file has this result." />}
      />
    </section>
  );
}
