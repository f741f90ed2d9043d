import type { SavedViewQueue } from "../api/wire";

// A saved view is the queue's URL filters and order, by the URL's own names
// (server/domain/desk/README.md, "Saved views"); the cursor never belongs to it. A case view keeps
// the analyst's own id as `assignee_id: "me"`, so a shared "My cases" shows each viewer theirs.

/** The saved form of "assigned to whoever opens the view". */
const ME = "me";

export const viewFilterKeys: Record<SavedViewQueue, readonly string[]> = {
  alerts: ["status", "severity", "alert_type", "user_id", "sla_state", "age", "start_time", "end_time"],
  cases: ["status", "severity", "case_type", "assignee_id", "sla_state", "age"],
};

/** The order a queue shows without `?sort=` (the console's defaults). */
export const defaultViewSort: Record<SavedViewQueue, string> = { alerts: "created_at", cases: "priority" };

export const queuePaths: Record<SavedViewQueue, string> = { alerts: "/alerts", cases: "/cases" };

/**
 * The queue's address for a view as analyst `me` opens it: its filters in the URL, and its order
 * always (never a bare address).
 */
export function viewHref(queue: SavedViewQueue, view: { filters: Record<string, string>; sort: string }, me: string): string {
  const query = new URLSearchParams();
  for (const key of viewFilterKeys[queue]) {
    const value = view.filters[key];
    if (value) query.set(key, key === "assignee_id" && value === ME ? me : value);
  }
  query.set("sort", view.sort);
  return `${queuePaths[queue]}?${query.toString()}`;
}

/** The filters and order of the queue's current address, as analyst `me` would save them. */
export function viewOfQuery(queue: SavedViewQueue, params: URLSearchParams, me: string): { filters: Record<string, string>; sort: string } {
  const filters: Record<string, string> = {};
  for (const key of viewFilterKeys[queue]) {
    const value = params.get(key);
    if (value) filters[key] = key === "assignee_id" && value === me ? ME : value;
  }
  return { filters, sort: params.get("sort") || defaultViewSort[queue] };
}

/** Whether the current address shows exactly this view to analyst `me` (the menu marks it). */
export function showsView(
  queue: SavedViewQueue,
  params: URLSearchParams,
  view: { filters: Record<string, string>; sort: string },
  me: string,
) {
  const current = viewOfQuery(queue, params, me);
  const keys = new Set([...Object.keys(current.filters), ...Object.keys(view.filters)]);
  return current.sort === view.sort && [...keys].every((key) => current.filters[key] === view.filters[key]);
}

/** Whether a queue was opened bare (no query at all): then the analyst's default view applies. */
export function isBareQuery(searchParams: Record<string, string | string[] | undefined>): boolean {
  return Object.values(searchParams).every((value) => value === undefined);
}
