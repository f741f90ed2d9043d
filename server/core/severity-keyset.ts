import { and, asc, desc, eq, gt, lt, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ApiError } from "./errors";
import { keyset } from "./pagination";

// The severity-first order of the queues (cases `sort=priority`, alerts `sort=severity`): severity
// critical → low, then oldest first, then id, so the longest-waiting of the most severe comes first.
// Its cursor carries (severity rank, created_at, id) and a marker (`p: 1`), so a cursor of one order
// given to the other is refused (400 on `after`) instead of silently skipping or repeating rows.
// The rank is the tables' generated `severity_rank` column (low 1 … critical 4).

type SeverityCursor = { p: 1; r: number; t: number; id: string };

export type SeverityColumns = { severityRank: PgColumn; createdAt: PgColumn; id: PgColumn };

const mismatch = () => new ApiError("invalid_field_value", "after is not a cursor returned by this API for this sort order.", "after");

function encodeSeverityCursor(row: { severityRank: number; createdAt: Date; id: string }): string {
  const c: SeverityCursor = { p: 1, r: row.severityRank, t: row.createdAt.getTime(), id: row.id };
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeSeverityCursor(after: string): SeverityCursor {
  try {
    const c = JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as SeverityCursor;
    if (c.p === 1 && Number.isInteger(c.r) && Number.isFinite(c.t) && typeof c.id === "string") return c;
  } catch {
    /* fall through */
  }
  throw mismatch();
}

function isSeverityCursor(after: string): boolean {
  try {
    return (JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as { p?: unknown }).p === 1;
  } catch {
    return false;
  }
}

/** Keyset for (severity_rank desc, created_at asc, id asc): strictly after the cursor's row. */
function severityKeyset(cols: SeverityColumns, after?: string): { where?: SQL; orderBy: SQL[] } {
  const orderBy = [desc(cols.severityRank), asc(cols.createdAt), asc(cols.id)];
  if (!after) return { orderBy };
  const c = decodeSeverityCursor(after);
  const t = new Date(c.t);
  // The leading `rank <= r` is implied by the rest; it is there so the index scan starts at the
  // cursor's rank instead of skipping every more severe row of the earlier pages.
  const where = and(
    lte(cols.severityRank, c.r),
    or(
      lt(cols.severityRank, c.r),
      and(eq(cols.severityRank, c.r), or(gt(cols.createdAt, t), and(eq(cols.createdAt, t), gt(cols.id, c.id)))),
    ),
  ) as SQL;
  return { where, orderBy };
}

/**
 * The keyset of a list that sorts either newest first (the default of every list) or severity
 * first. Refuses a severity cursor on the newest-first order; the other way round, a newest-first
 * cursor lacks the marker and is refused by the decoder.
 */
export function sortedKeyset(cols: SeverityColumns, bySeverity: boolean, after?: string): { where?: SQL; orderBy: SQL[] } {
  if (bySeverity) return severityKeyset(cols, after);
  if (after && isSeverityCursor(after)) throw mismatch();
  return keyset({ createdAt: cols.createdAt, id: cols.id }, after);
}

/**
 * Replaces the page's newest-first cursor (from toPage) with the severity cursor of the last row
 * shown. `shown` are the rows of the page (not the extra row fetched to learn `has_more`).
 */
export function withSeverityCursor<P extends { has_more: boolean; next_cursor: string | null }>(
  page: P,
  shown: { severityRank: number; createdAt: Date; id: string }[],
): P {
  if (!page.has_more) return page;
  const last = shown[shown.length - 1];
  return { ...page, next_cursor: last ? encodeSeverityCursor(last) : null };
}
