import { createLoader, parseAsArrayOf, parseAsString } from "nuqs/server";

// URL state shared by server pages (which read it to prefetch) and client views (which change it).
// `nuqs/server` holds only parsers and loaders, safe to import on both sides.

/** `?cursor=a,b`: the cursor stack of lib/queries/cursor-stack (nuqs escapes commas in items). */
export const cursorStackParser = parseAsArrayOf(parseAsString, ",");

export const paginationSearchParams = { cursor: cursorStackParser };

/** Reads `?cursor=` in a server page (accepts the page's `searchParams` promise). */
export const loadPaginationParams = createLoader(paginationSearchParams);
