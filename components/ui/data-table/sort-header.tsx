"use client";

import type { Header, RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import type { ReactNode } from "react";
import type { DataTableFeatures } from "./features";

/** aria-sort for the header cell; only the sorted column carries a direction. */
export function ariaSortOf<TData extends RowData>(
  header: Header<DataTableFeatures, TData, unknown>,
): "ascending" | "descending" | "none" | undefined {
  if (!header.column.getCanSort()) return undefined;
  const sorted = header.column.getIsSorted();
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}

/** A header that sorts on click / Enter / Space, and says which way it sorts. */
export function SortHeader<TData extends RowData>({
  header,
  children,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  children: ReactNode;
}) {
  if (!header.column.getCanSort()) return <>{children}</>;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ChevronsUpDown;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className="-mx-2 inline-flex items-center gap-1 rounded px-2 py-1 uppercase hover:bg-surface hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
      <Icon aria-hidden="true" className={sorted ? "size-3.5 text-foreground" : "size-3.5 opacity-60"} />
    </button>
  );
}
