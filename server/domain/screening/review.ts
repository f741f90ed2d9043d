import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { screenings, screeningSuppressions, type ReviewState } from "../../db/schema";
import { inScope } from "../../db/scope";
import { notFound } from "../../core/errors";
import { settleChecks } from "../identity";
import type { ScreeningCtx, ScreeningRow } from "./screen-person";

export type ScreeningDecision = {
  screeningId: string;
  decision: "allow" | "challenge" | "block";
  reason: string;
  decisionId: string;
};

/** What a decision on a screening means for its review (server/domain/identity/README.md, "Watchlist screening and review"). */
export function reviewOutcome(decision: ScreeningDecision["decision"], reason: string): ReviewState {
  if (reason === "false_positive") return "false_positive";
  if (reason === "confirmed_fraud" || decision === "block") return "true_match";
  if (decision === "challenge") return "needs_information";
  return "cleared";
}

/**
 * Records a reviewer's decision on a screening (called by POST /v1/decisions with `screening_id`,
 * in its transaction). A false positive suppresses every (user, listed entity) pair of the
 * screening's matches in the user's later screenings, until the list entry changes or a later
 * decision on the screening says otherwise. A screening
 * made by an identity verification settles that verification's pending database check.
 */
export async function reviewScreening(db: Db, ctx: ScreeningCtx, input: ScreeningDecision): Promise<ScreeningRow> {
  const [row] = await db
    .select()
    .from(screenings)
    .where(inScope(screenings, ctx.scope, eq(screenings.id, input.screeningId)))
    .for("update")
    .limit(1);
  if (!row) throw notFound("screening", "screening_id");
  const state = reviewOutcome(input.decision, input.reason);
  const [updated] = await db
    .update(screenings)
    .set({ reviewState: state, reviewDecisionId: input.decisionId, reviewedAt: sql`now()` })
    .where(eq(screenings.id, row.id))
    .returning();

  if (state === "false_positive" && row.userId && row.matches.length > 0) {
    for (const m of row.matches) {
      await db
        .insert(screeningSuppressions)
        .values({
          ...ctx.scope,
          userId: row.userId,
          entityId: m.entity_id,
          entityVersion: m.entity_version,
          screeningId: row.id,
          decisionId: input.decisionId,
        })
        .onConflictDoUpdate({
          target: [
            screeningSuppressions.accountId,
            screeningSuppressions.environment,
            screeningSuppressions.userId,
            screeningSuppressions.entityId,
          ],
          set: { entityVersion: m.entity_version, screeningId: row.id, decisionId: input.decisionId },
        });
    }
  } else if (row.userId) {
    // A correction (a new decision on the same subject) that no longer calls it a false
    // positive lifts what the earlier decision on this screening suppressed; a confirmed match
    // lifts the pair's suppression whichever screening made it. Else later screenings would keep
    // clearing a person the review now calls a true match.
    const mine = eq(screeningSuppressions.screeningId, row.id);
    const entities = row.matches.map((m) => m.entity_id);
    const pairs =
      state === "true_match" && entities.length > 0
        ? and(eq(screeningSuppressions.userId, row.userId), inArray(screeningSuppressions.entityId, entities))
        : undefined;
    await db.delete(screeningSuppressions).where(inScope(screeningSuppressions, ctx.scope, pairs ? sql`(${mine} or ${pairs})` : mine));
  }

  if (row.verificationId && state !== "needs_information") {
    const cleared = state === "false_positive" || state === "cleared";
    await settleChecks(db, ctx, row.verificationId, [
      {
        name: "database_check",
        status: cleared ? "pass" : "fail",
        detail: cleared
          ? `Watchlist match reviewed and cleared (${state.replace("_", " ")}, decision ${input.decisionId}).`
          : `Watchlist match confirmed by review (decision ${input.decisionId}).`,
      },
    ]);
  }
  return updated as ScreeningRow;
}
