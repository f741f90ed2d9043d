"use client";

import { useRouter } from "next/navigation";
import { useQueryState } from "nuqs";
import { useTransition, type TransitionStartFunction } from "react";
import {
  canGoBack,
  canGoForward,
  currentCursor,
  normaliseStack,
  pageNumber,
  popCursor,
  pushCursor,
  type CursorStack,
} from "../queries/cursor-stack";
import { cursorStackParser } from "../queries/search-params";

/** What a list page says about the next one: a `ListPage`, or the same two fields from elsewhere. */
export type NextPageInfo = { has_more: boolean; next_cursor?: string | null } | null | undefined;

type ControlsOptions = {
  /** The next page cannot be asked for yet: a navigation runs, or the rows shown are a placeholder. */
  busy?: boolean;
  /** Runs before each move to another page, e.g. to close a panel that belongs to the page left. */
  onMove?: () => void;
};

/**
 * Previous / next over a cursor stack, in the shape of DataTable's `pagination` prop; `setStack`
 * writes the stack of the page to go to (empty: the first page). Pure, apart from its callbacks.
 */
export function cursorPaginationControls(
  stack: CursorStack,
  next: NextPageInfo,
  setStack: (stack: CursorStack) => void,
  { busy = false, onMove }: ControlsOptions = {},
) {
  return {
    page: pageNumber(stack),
    canPrevious: canGoBack(stack),
    // The URL keeps at most MAX_CURSOR_DEPTH cursors (so Previous works): past that, narrow the
    // list with a filter instead; the button must not look enabled and do nothing.
    canNext: next?.has_more === true && canGoForward(stack, next?.next_cursor) && !busy,
    onPrevious: () => {
      onMove?.();
      setStack(popCursor(stack));
    },
    onNext: () => {
      const pushed = pushCursor(stack, next?.next_cursor);
      if (pushed === stack) return;
      onMove?.();
      setStack(pushed);
    },
  };
}

type CursorQueueOptions = {
  /** The URL parameter that holds the stack; a page with two tables gives each its own. */
  param?: string;
  /**
   * Who reads the cursor. `false` (default): the server page does, so URL changes are not shallow
   * and run in a transition (`isNavigating` while the server renders). `true`: the view fetches
   * the page itself from `after` (React Query), so URL changes are shallow and outside any transition.
   */
  shallow?: boolean;
  /** A transition shared with the rest of the view (two tables on one page show one fetch). */
  transition?: readonly [boolean, TransitionStartFunction];
};

/**
 * The cursor stack of a paginated list, kept in the URL (`?cursor=a,b`, see lib/queries/cursor-stack),
 * and what a list view builds on it. Each move is a history entry, so the browser's Back button
 * goes back a page, and the page does not scroll.
 */
export function useCursorQueue({ param = "cursor", shallow = false, transition }: CursorQueueOptions = {}) {
  const router = useRouter();
  const ownTransition = useTransition();
  const [isNavigating, startTransition] = transition ?? ownTransition;
  const [raw, setRaw] = useQueryState(
    param,
    cursorStackParser.withOptions(
      shallow ? { history: "push", scroll: false } : { shallow: false, history: "push", scroll: false, startTransition },
    ),
  );
  const stack = normaliseStack(raw);
  const setStack = (to: CursorStack) => void setRaw(to.length === 0 ? null : [...to]);

  return {
    stack,
    /** The `after` of the page shown; undefined on the first page. */
    after: currentCursor(stack),
    /** Changes with the page shown (DataTable resets its keyboard position on it). */
    rowsKey: raw?.join(",") ?? "",
    isNavigating,
    startTransition,
    /** Renders the server page again (fresh rows), in the transition. */
    refresh: () => startTransition(() => router.refresh()),
    /** Back to the first page. */
    first: () => void setRaw(null),
    /** The DataTable's `pagination` for the page shown; no next page while a navigation runs. */
    pagination: (page: NextPageInfo, options: ControlsOptions = {}) =>
      cursorPaginationControls(stack, page, setStack, { ...options, busy: isNavigating || options.busy === true }),
  };
}
