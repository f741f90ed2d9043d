"use client";

import type { SortingState, Updater } from "@tanstack/react-table";
import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import type { DataTableSorting } from "@/components/ui/data-table/data-table";
import { caseQueueSearchParams, caseSorts } from "@/lib/queries/case-search-params";

type CaseSort = (typeof caseSorts)[number];

// The API sorts cases one way per order: priority (severity, then oldest), newest first, soonest
// due first. Column headers pick the order; the arrow shows the API's direction.
const columnOf = { priority: "severity", created_at: "created_at", due_at: "due_at" } as const satisfies Record<CaseSort, string>;
const sortOf: Record<string, CaseSort> = { severity: "priority", created_at: "created_at", due_at: "due_at" };

export const caseSortLabels = { priority: "most urgent first", created_at: "newest first", due_at: "soonest due first" } as const;

export function sortingStateOf(sort: CaseSort): SortingState {
  return [{ id: columnOf[sort], desc: sort !== "due_at" }];
}

/** The order a header click asks for: the clicked column's order, the default once it is cleared. */
export function sortFromSorting(next: SortingState, current: CaseSort): CaseSort {
  const clicked = next.find((s) => s.id !== columnOf[current]) ?? next[0];
  return clicked ? (sortOf[clicked.id] ?? "priority") : "priority";
}

/** Server sorting of a case table from the URL's `sort` (not shallow: the page fetches again). */
export function useCaseSorting(startTransition: TransitionStartFunction): { sort: CaseSort; sorting: DataTableSorting } {
  const [{ sort }, setParams] = useQueryStates(caseQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const state = sortingStateOf(sort);
  const onChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === "function" ? updater(state) : updater;
    const chosen = sortFromSorting(next, sort);
    if (chosen !== sort) void setParams({ sort: chosen, cursor: null, unassigned_cursor: null });
  };
  return { sort, sorting: { state, onChange } };
}
