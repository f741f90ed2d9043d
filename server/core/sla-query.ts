import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ApiError } from "./errors";
import { DUE_SOON_SHARE, type SlaState } from "./sla-clock";

// The SLA side of the queues (cases and alerts): the `sla_state` filter as SQL (the same rules as
// slaState in ./sla-clock.ts), and the `sort=due_at` order (soonest due first, then id) with its
// keyset cursor. The cursor carries a marker (`d: 1`) so it is refused by the other orders' decoders
// only by shape; this decoder refuses any cursor without it (400 on `after`).

export type SlaColumns = { status: PgColumn; createdAt: PgColumn; dueAt: PgColumn; slaBreachedAt: PgColumn; id: PgColumn };

/** The rows in one SLA state; `unfinished` are the statuses whose clock runs. */
export function slaStateWhere(cols: SlaColumns, state: SlaState, unfinished: readonly string[]): SQL {
  const running = inArray(cols.status, [...unfinished]);
  const notRecorded = isNull(cols.slaBreachedAt);
  const soonFrom = sql`${cols.dueAt} - (${cols.dueAt} - ${cols.createdAt}) * ${DUE_SOON_SHARE}`;
  switch (state) {
    case "breached":
      return or(isNotNull(cols.slaBreachedAt), and(running, lte(cols.dueAt, sql`now()`))) as SQL;
    case "met":
      return and(notRecorded, not(running)) as SQL;
    case "due_soon":
      return and(notRecorded, running, gt(cols.dueAt, sql`now()`), lte(soonFrom, sql`now()`)) as SQL;
    case "on_track":
      return and(notRecorded, running, gt(soonFrom, sql`now()`)) as SQL;
  }
}

type DueCursor = { d: 1; t: number; id: string };

const badCursor = () => new ApiError("invalid_field_value", "after is not a cursor returned by this API for this sort order.", "after");

function decodeDueCursor(after: string): DueCursor {
  try {
    const c = JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as DueCursor;
    if (c.d === 1 && Number.isFinite(c.t) && typeof c.id === "string") return c;
  } catch {
    /* fall through */
  }
  throw badCursor();
}

/** True when `after` is a due-time cursor (the other orders refuse it). */
export function isDueCursor(after: string | undefined): boolean {
  if (!after) return false;
  try {
    return (JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as { d?: unknown }).d === 1;
  } catch {
    return false;
  }
}

/** Keyset for (due_at asc, id asc): strictly after the cursor's row. */
export function dueKeyset(cols: { dueAt: PgColumn; id: PgColumn }, after?: string): { where?: SQL; orderBy: SQL[] } {
  const orderBy = [asc(cols.dueAt), asc(cols.id)];
  if (!after) return { orderBy };
  const c = decodeDueCursor(after);
  const t = new Date(c.t);
  return { where: or(gt(cols.dueAt, t), and(eq(cols.dueAt, t), gt(cols.id, c.id))) as SQL, orderBy };
}

/** Replaces a page's cursor with the due-time cursor of the last row shown. */
export function withDueCursor<P extends { has_more: boolean; next_cursor: string | null }>(
  page: P,
  shown: { dueAt: Date; id: string }[],
): P {
  if (!page.has_more) return page;
  const last = shown[shown.length - 1];
  if (!last) return page;
  const c: DueCursor = { d: 1, t: last.dueAt.getTime(), id: last.id };
  return { ...page, next_cursor: Buffer.from(JSON.stringify(c)).toString("base64url") };
}

/** Refuses a due-time cursor given to another order (those decoders would read it as theirs). */
export function refuseDueCursor(after: string | undefined): void {
  if (isDueCursor(after)) throw badCursor();
}
