"use client";

import { useQueryState } from "nuqs";
import { canGoBack, currentCursor, normaliseStack, pageNumber, popCursor, pushCursor } from "../queries/cursor-stack";
import { cursorStackParser } from "../queries/search-params";

/**
 * Next / previous through a cursor-paginated list, with the cursor stack in the URL (`?cursor=`).
 * Shallow URL updates: the view's query refetches through its action, the server page is not
 * re-rendered. Each move is a history entry, so the browser's Back button goes back a page.
 */
export function useCursorPagination(param = "cursor") {
  const [raw, setRaw] = useQueryState(param, cursorStackParser.withOptions({ history: "push", scroll: false }));
  const stack = normaliseStack(raw);
  return {
    after: currentCursor(stack),
    page: pageNumber(stack),
    canGoBack: canGoBack(stack),
    next: (nextCursor: string | null | undefined) => {
      const pushed = pushCursor(stack, nextCursor);
      if (pushed !== stack) void setRaw([...pushed]);
    },
    previous: () => {
      const popped = popCursor(stack);
      void setRaw(popped.length === 0 ? null : [...popped]);
    },
    first: () => void setRaw(null),
  };
}
