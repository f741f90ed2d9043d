import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analystSessions, analysts, type SessionEndReason } from "../../db/schema";
import { newId } from "../../core/ids";
import type { AnalystRow, SessionRow } from "./serialize";

/** However active, a console session ends a working day after sign-in (the console's absolute limit). */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

export async function startSession(db: Db, analyst: AnalystRow, method: "password" | "sso"): Promise<SessionRow> {
  const [row] = await db
    .insert(analystSessions)
    .values({
      id: newId("ses"),
      analystId: analyst.id,
      accountId: analyst.accountId,
      method,
      expiresAt: sql`date_trunc('milliseconds', now()) + ${`${SESSION_MAX_MS} milliseconds`}::interval`,
    })
    .returning();
  return row!;
}

/**
 * The session and its analyst if the session is live: not ended, not expired, of this analyst and
 * account, and the analyst enabled. Every dashboard call and every console request asks this.
 */
export async function liveSession(
  db: Db,
  q: { sessionId: string; analystId: string; accountId: string },
): Promise<{ session: SessionRow; analyst: AnalystRow } | undefined> {
  const [found] = await db
    .select({ session: analystSessions, analyst: analysts })
    .from(analystSessions)
    .innerJoin(analysts, eq(analysts.id, analystSessions.analystId))
    .where(
      and(
        eq(analystSessions.id, q.sessionId),
        eq(analystSessions.analystId, q.analystId),
        eq(analystSessions.accountId, q.accountId),
        eq(analysts.accountId, q.accountId),
        isNull(analystSessions.endedAt),
        gt(analystSessions.expiresAt, sql`now()`),
        isNull(analysts.disabledAt),
      ),
    )
    .limit(1);
  return found;
}

/** Ends one session (signing out). Ending an ended session changes nothing. */
export async function endSession(db: Db, sessionId: string, reason: SessionEndReason): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(analystSessions)
    .set({ endedAt: sql`date_trunc('milliseconds', now())`, endReason: reason })
    .where(and(eq(analystSessions.id, sessionId), isNull(analystSessions.endedAt)))
    .returning();
  return row;
}

/** Ends every live session of an analyst (disabled, or a new role). */
export async function endSessionsOf(db: Db, analystId: string, reason: SessionEndReason): Promise<number> {
  const ended = await db
    .update(analystSessions)
    .set({ endedAt: sql`date_trunc('milliseconds', now())`, endReason: reason })
    .where(and(eq(analystSessions.analystId, analystId), isNull(analystSessions.endedAt)))
    .returning({ id: analystSessions.id });
  return ended.length;
}

/** Sessions ended or expired more than 90 days ago are forgotten (the periodic purge). */
export async function purgeOldSessions(db: Db): Promise<number> {
  const cutoff = sql`now() - interval '90 days'`;
  const gone = await db
    .delete(analystSessions)
    .where(or(lt(analystSessions.endedAt, cutoff), lt(analystSessions.expiresAt, cutoff)))
    .returning({ id: analystSessions.id });
  return gone.length;
}
