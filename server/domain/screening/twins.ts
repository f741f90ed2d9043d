import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { screenings, type ReviewState, type ScreeningRow } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { iso } from "../../core/time";

// Twins: screenings sharing a subject key (./subject-key.ts) that still await a reviewer. They are
// listed as one group and decided together (POST /v1/decisions with screening_id).

/** The review states in which a screening still awaits a reviewer's verdict. */
export const OPEN_REVIEW_STATES: readonly ReviewState[] = ["pending_review", "needs_information"];

export type Twin = { screening_id: string; screened_at: string; verification_id: string | null };

const isOpen = inArray(screenings.reviewState, [...OPEN_REVIEW_STATES]);

/** For each row, the other screenings of its group still awaiting review, oldest first. */
export async function twinsOf(db: Db, scope: Scope, rows: readonly ScreeningRow[]): Promise<Map<string, Twin[]>> {
  const keys = [...new Set(rows.map((r) => r.subjectKey).filter((k): k is string => k !== null))];
  const out = new Map<string, Twin[]>(rows.map((r) => [r.id, []]));
  if (keys.length === 0) return out;
  const found = await db
    .select({ id: screenings.id, key: screenings.subjectKey, createdAt: screenings.createdAt, verificationId: screenings.verificationId })
    .from(screenings)
    .where(inScope(screenings, scope, inArray(screenings.subjectKey, keys), isOpen))
    .orderBy(asc(screenings.createdAt), asc(screenings.id));
  for (const r of rows) {
    if (!r.subjectKey) continue;
    out.set(
      r.id,
      found
        .filter((f) => f.key === r.subjectKey && f.id !== r.id)
        .map((f) => ({ screening_id: f.id, screened_at: iso(f.createdAt), verification_id: f.verificationId })),
    );
  }
  return out;
}

/**
 * For a grouped list: hides an open screening when an older twin in the same review state exists,
 * so each group is listed once per state (a review-state tab shows it once), by its oldest member:
 * its place in an oldest-first queue does not move as newer twins arrive.
 */
export function oldestOfGroup(): SQL {
  const older = sql`exists (select 1 from ${screenings} as "twin" where "twin"."account_id" = ${screenings.accountId}
    and "twin"."environment" = ${screenings.environment} and "twin"."subject_key" = ${screenings.subjectKey}
    and "twin"."review_state" = ${screenings.reviewState}
    and ("twin"."created_at", "twin"."id") < (${screenings.createdAt}, ${screenings.id}))`;
  return sql`not (${isOpen} and ${older})`;
}

/**
 * Locks a screening and, when asked, its open twins, in id order (two reviewers deciding two
 * members of one group at once then queue on the same first lock instead of deadlocking).
 * Undefined when the screening is not in this scope.
 */
export async function lockGroup(
  db: Db,
  scope: Scope,
  screeningId: string,
  withTwins: boolean,
): Promise<{ screening: ScreeningRow; twins: ScreeningRow[] } | undefined> {
  const [first] = await db
    .select({ key: screenings.subjectKey })
    .from(screenings)
    .where(inScope(screenings, scope, eq(screenings.id, screeningId)));
  if (!first) return undefined;
  const group = withTwins && first.key ? or(eq(screenings.id, screeningId), and(eq(screenings.subjectKey, first.key), isOpen)) : undefined;
  const locked = (await db
    .select()
    .from(screenings)
    .where(inScope(screenings, scope, group ?? eq(screenings.id, screeningId)))
    .orderBy(asc(screenings.id))
    .for("update")) as ScreeningRow[];
  const screening = locked.find((r) => r.id === screeningId);
  if (!screening) return undefined;
  // Read again under the lock: a twin decided meanwhile, or a key that differs, is left alone.
  const twins = locked
    .filter((r) => r.id !== screeningId && r.subjectKey === screening.subjectKey && OPEN_REVIEW_STATES.includes(r.reviewState))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return { screening, twins };
}
