// Cursor pagination with a way back. The API pages forward only (`after` = the previous page's
// `next_cursor`), so the console keeps the cursors it followed, in the URL (`?cursor=a,b`): the
// last one is the current page's `after`, popping it goes back one page, an empty stack is the
// first page. In the URL, so reload, back/forward and shared links show the same page.

/** Deep enough for any real use; bounded so a URL stays well under what proxies accept. */
export const MAX_CURSOR_DEPTH = 50;
/** Cursors are opaque; the API's are ~60 characters. Anything far longer did not come from it. */
export const MAX_CURSOR_LENGTH = 1024;

export type CursorStack = readonly string[];

/** A stack from untrusted input (the URL): anything malformed means "first page". */
export function normaliseStack(raw: readonly unknown[] | null | undefined): CursorStack {
  if (!raw || raw.length > MAX_CURSOR_DEPTH) return [];
  if (!raw.every((c): c is string => typeof c === "string" && c.length > 0 && c.length <= MAX_CURSOR_LENGTH)) return [];
  return raw as CursorStack;
}

/** The `after` of the page shown, undefined on the first page. */
export function currentCursor(stack: CursorStack): string | undefined {
  return stack[stack.length - 1];
}

/** 1-based, for "Page 3". */
export function pageNumber(stack: CursorStack): number {
  return stack.length + 1;
}

export function canGoBack(stack: CursorStack): boolean {
  return stack.length > 0;
}

export function canGoForward(stack: CursorStack, nextCursor: string | null | undefined): boolean {
  return (
    typeof nextCursor === "string" && nextCursor.length > 0 && nextCursor.length <= MAX_CURSOR_LENGTH && stack.length < MAX_CURSOR_DEPTH
  );
}

/** The stack of the next page; unchanged when there is no next page to go to. */
export function pushCursor(stack: CursorStack, nextCursor: string | null | undefined): CursorStack {
  return canGoForward(stack, nextCursor) ? [...stack, nextCursor as string] : stack;
}

/** The stack of the previous page (the first page's is empty). */
export function popCursor(stack: CursorStack): CursorStack {
  return stack.slice(0, -1);
}
