import {
  createColumnHelper,
  type RowData,
  createSortedRowModel,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from "@tanstack/react-table";

// The features every console table registers (TanStack Table v9 registers features explicitly).
// Module-level and stable, as v9 requires: a new features object per render rebuilds the models.

export type DataTableColumnMeta = {
  /** Numbers and counts read better right-aligned. */
  align?: "start" | "end";
  /** Extra classes for the column's cells (widths, wrapping). */
  cellClassName?: string;
};

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  // Off unless a table passes `rowSelection` (DataTable): the lead's case queue selects rows for bulk actions.
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  // ISO timestamps sort correctly as text; register only what columns name.
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/** Typed column definitions for a console table of `TData` rows. */
export function createDataTableColumns<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}
