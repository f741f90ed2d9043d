import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { reviewStates, screeningStatuses } from "../api/wire";
import { cursorStackParser } from "./search-params";

// The watchlist review queue's filters, in the URL. `review` defaults to the screenings awaiting a
// reviewer; `all` drops the review-state filter (the API lists every stored screening then).
export const screeningReviewTabs = ["pending_review", "needs_information", "true_match", "false_positive", "cleared", "all"] as const;
export type ScreeningReviewTab = (typeof screeningReviewTabs)[number];

export const screeningQueueSearchParams = {
  review: parseAsStringLiteral(screeningReviewTabs).withDefault("pending_review"),
  status: parseAsStringLiteral(screeningStatuses),
  user_id: parseAsString,
  cursor: cursorStackParser,
};

export const loadScreeningQueueParams = createLoader(screeningQueueSearchParams);

/** The API's filters for the URL's. */
export function screeningFiltersOf(params: Awaited<ReturnType<typeof loadScreeningQueueParams>>) {
  // The tabs of screenings awaiting a verdict are work queues: oldest first, one row per group of twins.
  const queue = isQueueTab(params.review);
  return {
    review_state: reviewStateOfTab(params.review),
    status: params.status ?? undefined,
    user_id: params.user_id ?? undefined,
    order: queue ? ("asc" as const) : ("desc" as const),
    grouped: queue,
  };
}

/** The API's `review_state` for a tab (undefined: every state). */
export function reviewStateOfTab(tab: ScreeningReviewTab): (typeof reviewStates)[number] | undefined {
  return tab === "all" ? undefined : tab;
}

/** The tabs of screenings still awaiting a verdict, shown as a work queue (oldest first, twins grouped). */
export function isQueueTab(tab: ScreeningReviewTab): boolean {
  return tab === "pending_review" || tab === "needs_information";
}
