"use client";

import { useTable, type ColumnDef, type OnChangeFn, type RowData, type RowSelectionState, type SortingState } from "@tanstack/react-table";
import { useMemo, type MouseEvent, type ReactNode } from "react";
import { useRowKeyboardNav } from "@/lib/hooks/use-row-keyboard-nav";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { ErrorState } from "../error-state";
import { RequestId } from "../request-id";
import { Skeleton } from "../skeleton";
import { Table, TableBody, TableCaption, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "../table";
import { dataTableFeatures, type DataTableFeatures } from "./features";
import { PaginationBar, type CursorPaginationControls } from "./pagination-bar";
import { ariaSortOf, SortHeader } from "./sort-header";
import { Card } from "../card";

/**
 * Sorting of a table:
 *  - "client": the table sorts the rows it has. Only for a complete list (every row loaded): a
 *    sorted page of a longer list would look like the top of the whole list and is not.
 *  - { state, onChange }: the server sorts; the table shows the order and asks for changes.
 *  - omitted: no sorting (the API's order: newest first).
 */
export type DataTableSorting = "client" | { state: SortingState; onChange: OnChangeFn<SortingState> };

type DataTableProps<TData extends RowData> = {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: string;
  // `any`: a column list mixes value types (string, number…); createDataTableColumns keeps each typed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<DataTableFeatures, TData, any>[];
  /** Keep the reference stable (the query's data, a memo): a new array rebuilds the rows. */
  data: TData[];
  getRowId: (row: TData) => string;
  /** "pending": nothing loaded yet; "error": the last load failed; "success": data is current. */
  status: "pending" | "error" | "success";
  error?: SafeError | null;
  /** Data is being refreshed while the previous rows stay visible. */
  isFetching?: boolean;
  onRetry?: () => void;
  /** What to show when there are no rows (an EmptyState). */
  empty: ReactNode;
  sorting?: DataTableSorting;
  /** Controlled row selection (keyed by getRowId); omitted: rows cannot be selected. */
  rowSelection?: { state: RowSelectionState; onChange: OnChangeFn<RowSelectionState> };
  pagination?: CursorPaginationControls;
  /** Enter on a highlighted row, or a click on it outside its controls. */
  onRowOpen?: (row: TData) => void;
  /** Changes when the rows are replaced (a new page): resets the keyboard highlight. */
  rowsKey?: unknown;
  className?: string;
};

const SKELETON_ROWS = 5;

export function DataTable<TData extends RowData>({
  caption,
  columns,
  data,
  getRowId,
  status,
  error,
  isFetching = false,
  onRetry,
  empty,
  sorting,
  rowSelection,
  pagination,
  onRowOpen,
  rowsKey,
  className,
}: DataTableProps<TData>) {
  const serverSorting = typeof sorting === "object" ? sorting : undefined;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    enableSorting: sorting !== undefined,
    manualSorting: serverSorting !== undefined,
    enableSortingRemoval: true,
    enableRowSelection: rowSelection !== undefined,
    state: {
      ...(serverSorting ? { sorting: serverSorting.state } : {}),
      ...(rowSelection ? { rowSelection: rowSelection.state } : {}),
    },
    ...(serverSorting ? { onSortingChange: serverSorting.onChange } : {}),
    ...(rowSelection ? { onRowSelectionChange: rowSelection.onChange } : {}),
  });

  const rows = table.getRowModel().rows;
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const { getRowProps } = useRowKeyboardNav({
    rowCount: rows.length,
    rowIds,
    onOpen: onRowOpen ? (index) => rows[index] && onRowOpen(rows[index].original) : undefined,
    resetKey: rowsKey,
  });
  const columnCount = table.getAllLeafColumns().length;
  const showRows = rows.length > 0 && status !== "pending";
  const retry = onRetry ? (
    <button type="button" onClick={onRetry} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      Try again
    </button>
  ) : null;

  return (
    <Card className={cn("overflow-hidden", className)}>
      {status === "error" && rows.length > 0 && error ? (
        // A refresh failed but older rows are on screen: say so above them, do not hide them.
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-danger/30 bg-danger-soft px-4 py-2.5 text-sm"
        >
          <span className="font-medium">{error.message}</span>
          {error.requestId ? <RequestId value={error.requestId} /> : null}
          {retry}
        </div>
      ) : null}
      <TableContainer>
        <Table aria-busy={status === "pending" || isFetching} className={cn(isFetching && showRows && "opacity-70 transition-opacity")}>
          <TableCaption>{caption}</TableCaption>
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <TableHeaderCell
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSortOf(header)}
                    className={cn(header.column.columnDef.meta?.align === "end" && "text-right")}
                  >
                    {header.isPlaceholder ? null : (
                      <SortHeader header={header}>
                        <table.FlexRender header={header} />
                      </SortHeader>
                    )}
                  </TableHeaderCell>
                ))}
              </tr>
            ))}
          </TableHead>
          <TableBody>
            {status === "pending" ? (
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} className="border-b border-border">
                  {Array.from({ length: columnCount }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </TableCell>
                  ))}
                </tr>
              ))
            ) : status === "error" && rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>
                  <ErrorState error={error ?? { message: "The list could not be loaded." }} action={retry} />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>{empty}</td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <TableRow
                  key={row.id}
                  {...getRowProps(index)}
                  onClick={
                    onRowOpen ? (event: MouseEvent<HTMLTableRowElement>) => openOnRowClick(event, () => onRowOpen(row.original)) : undefined
                  }
                  className={cn(onRowOpen && "cursor-pointer", rowSelection && row.getIsSelected() && "bg-accent/40")}
                >
                  {row.getAllCells().map((cell) => (
                    <TableCell
                      key={cell.id}
                      className={cn(
                        cell.column.columnDef.meta?.align === "end" && "text-right tabular-nums",
                        cell.column.columnDef.meta?.cellClassName,
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {status === "pending" ? (
        <p className="sr-only" role="status">
          Loading
        </p>
      ) : null}
      {pagination && (pagination.canPrevious || pagination.canNext) ? (
        <PaginationBar {...pagination} busy={pagination.busy ?? isFetching} />
      ) : null}
    </Card>
  );
}

/** A click on the row itself opens it; a click on one of its links or buttons is theirs. */
function openOnRowClick(event: MouseEvent<HTMLElement>, open: () => void) {
  const target = event.target as HTMLElement;
  if (target.closest("a, button, input, select, textarea, label, [role='menuitem']")) return;
  // Selecting text to copy an id is not a request to open the row.
  if (window.getSelection()?.toString()) return;
  open();
}
