import { and, asc, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ApiError } from "./errors";

// Cursor pagination for every list (server/README.md, "Lists and time"): newest first, ordered by
// created_at then id, both descending. The cursor is the (created_at, id) of the last row returned,
// base64url-encoded, so it stays valid while new rows arrive at the head of the list.

export type PageParams = { limit: number; after?: string };
type Cursor = { t: number; id: string };

export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify({ t: createdAt.getTime(), id } satisfies Cursor)).toString("base64url");
}

export function decodeCursor(after: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as Cursor;
    if (typeof value.t === "number" && Number.isFinite(value.t) && typeof value.id === "string") return value;
  } catch {
    /* fall through */
  }
  throw new ApiError("invalid_field_value", "after is not a cursor returned by this API.", "after");
}

/** The keyset condition "strictly after the cursor" plus the ordering to use with it. */
export function keyset(cols: { createdAt: PgColumn; id: PgColumn }, after?: string): { where?: SQL; orderBy: SQL[] } {
  const orderBy = [desc(cols.createdAt), desc(cols.id)];
  if (!after) return { orderBy };
  const c = decodeCursor(after);
  const t = new Date(c.t);
  return { where: or(lt(cols.createdAt, t), and(eq(cols.createdAt, t), lt(cols.id, c.id))) as SQL, orderBy };
}

export type Page<T> = { object: "list"; data: T[]; has_more: boolean; next_cursor: string | null };

/** Builds the list envelope from `limit + 1` fetched rows. */
export function toPage<R extends { createdAt: Date; id: string }, T>(rows: R[], limit: number, serialize: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    object: "list",
    data: pageRows.map(serialize),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

// Lists that may also be read oldest first (an addition, `order=asc`): the same cursor with a
// marker, so a cursor of one direction given to the other is refused (400 on `after`) instead of
// silently skipping or repeating rows.
export type ListOrder = "desc" | "asc";

const directionMismatch = () => new ApiError("invalid_field_value", "after is not a cursor returned by this API for this order.", "after");

/** The keyset of a list read newest first (`desc`) or oldest first (`asc`), by created_at then id. */
export function directedKeyset(
  cols: { createdAt: PgColumn; id: PgColumn },
  order: ListOrder,
  after?: string,
): { where?: SQL; orderBy: SQL[] } {
  if (order === "desc") {
    if (after && (decodeCursor(after) as Cursor & { a?: unknown }).a === 1) throw directionMismatch();
    return keyset(cols, after);
  }
  const orderBy = [asc(cols.createdAt), asc(cols.id)];
  if (!after) return { orderBy };
  const c = decodeCursor(after) as Cursor & { a?: unknown };
  if (c.a !== 1) throw directionMismatch();
  const t = new Date(c.t);
  return { where: or(gt(cols.createdAt, t), and(eq(cols.createdAt, t), gt(cols.id, c.id))) as SQL, orderBy };
}

/** toPage for a list read in either direction: the oldest-first cursor carries its marker. */
export function toDirectedPage<R extends { createdAt: Date; id: string }, T>(
  rows: R[],
  limit: number,
  order: ListOrder,
  serialize: (row: R) => T,
): Page<T> {
  const page = toPage(rows, limit, serialize);
  if (order === "desc" || !page.has_more) return page;
  const last = rows[limit - 1]!;
  return { ...page, next_cursor: Buffer.from(JSON.stringify({ t: last.createdAt.getTime(), id: last.id, a: 1 })).toString("base64url") };
}
