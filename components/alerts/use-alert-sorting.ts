"use client";

import type { SortingState, Updater } from "@tanstack/react-table";
import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import type { DataTableSorting } from "@/components/ui/data-table/data-table";
import { alertQueueSearchParams, type AlertQueueSort } from "@/lib/queries/alert-search-params";

// The column headers write the same `?sort=` as the Sort select (one source of truth): the API
// sorts alerts one way per order (most severe then oldest, newest, soonest due); the arrow shows it.
const columnOf = { severity: "severity", created_at: "created_at", due_at: "due_at" } as const satisfies Record<AlertQueueSort, string>;
const sortOf: Record<string, AlertQueueSort> = { severity: "severity", created_at: "created_at", due_at: "due_at" };

export function alertSortingStateOf(sort: AlertQueueSort): SortingState {
  return [{ id: columnOf[sort], desc: sort !== "due_at" }];
}

/** The order a header click asks for: the clicked column's order, newest first once it is cleared. */
export function alertSortFromSorting(next: SortingState, current: AlertQueueSort): AlertQueueSort {
  const clicked = next.find((s) => s.id !== columnOf[current]) ?? next[0];
  return clicked ? (sortOf[clicked.id] ?? "created_at") : "created_at";
}

/** Server sorting of the alert table from the URL (not shallow: the page reads the API again). */
export function useAlertSorting(startTransition: TransitionStartFunction): DataTableSorting {
  const [{ sort }, setParams] = useQueryStates(alertQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const state = alertSortingStateOf(sort);
  const onChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === "function" ? updater(state) : updater;
    const chosen = alertSortFromSorting(next, sort);
    if (chosen !== sort) void setParams({ sort: chosen, cursor: null });
  };
  return { state, onChange };
}
