import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { screenings, type Decision, type DecisionReason } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { approvalPolicy, requestApproval, type ApprovalResource } from "../approvals";
import type { DomainDeps } from "../deps";
import { recordScreeningDecision } from "./decisions";

// Four-eyes on watchlist reviews (server/domain/approvals/README.md): a review that settles a
// screening as true_match or false_positive waits for a second person when the policy says so.

/** The review states that need approval: what the review would record (server/domain/identity/README.md). */
function settles(decision: Decision, reason: DecisionReason): boolean {
  return reason === "false_positive" || reason === "confirmed_fraud" || decision === "block";
}

export type ScreeningReviewRequest = {
  screening_id: string;
  decision: Decision;
  reason: DecisionReason;
  notes?: string;
  analyst_id?: string;
  snapshot?: Record<string, unknown> | null;
  /** False: this screening alone; otherwise its open twins too, when the approval applies (one approval covers the group). */
  include_twins?: boolean;
};

/** The approval a screening review waits on, or null when it applies at once (or names no screening: 404 follows). */
export async function holdScreeningReview(
  db: Db,
  ctx: { scope: Scope; actorId: string },
  body: ScreeningReviewRequest,
): Promise<ApprovalResource | null> {
  if (!settles(body.decision, body.reason)) return null;
  if (!(await approvalPolicy(db, ctx.scope)).screeningReview) return null;
  const [row] = await db
    .select({ id: screenings.id })
    .from(screenings)
    .where(inScope(screenings, ctx.scope, eq(screenings.id, body.screening_id)));
  if (!row) return null;
  const makerId = body.analyst_id ?? ctx.actorId;
  return requestApproval(db, ctx.scope, {
    action: "screening_review",
    objectId: row.id,
    objectVersion: null,
    request: { ...body, key_id: ctx.actorId },
    makerId,
  });
}

/** Records an approved review as its maker sent it (a screening has no version: it applies as a new decision in the chain). */
export async function applyScreeningReview(
  db: Db,
  ctx: { scope: Scope; deps: DomainDeps },
  request: Record<string, unknown>,
): Promise<void> {
  const r = request as ScreeningReviewRequest & { key_id: string };
  await recordScreeningDecision(
    db,
    { scope: ctx.scope, actorId: r.key_id, deps: ctx.deps },
    {
      screeningId: r.screening_id,
      decision: r.decision,
      reason: r.reason,
      notes: r.notes,
      analystId: r.analyst_id,
      snapshot: r.snapshot ?? null,
      includeTwins: r.include_twins,
    },
  );
}
