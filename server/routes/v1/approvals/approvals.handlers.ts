import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import type { AppEnv } from "../../../http/context";
import type { Db } from "../../../db/client";
import type { ApprovalAction } from "../../../db/schema";
import { decideApproval, getApproval, listApprovals, type Apply } from "../../../domain/approvals/approvals";
import { applyCaseResolution } from "../../../domain/cases/four-eyes";
import { applyScreeningReview } from "../../../domain/decisions/four-eyes";
import { applyPolicyPublish } from "../../../domain/scoring/four-eyes";
import { approveRoute, getApprovalRoute, listApprovalsRoute, rejectRoute } from "./approvals.routes";

/** How an approved action is applied, per action: as its maker sent it. */
function applier(c: Context<AppEnv>): (action: ApprovalAction) => Apply {
  const scope = keyScope(c);
  const appliers: Record<ApprovalAction, Apply> = {
    case_resolution: (tx: Db, a) => applyCaseResolution(tx, { scope, jobs: c.get("deps").jobs, defaultActor: a.makerId }, a),
    screening_review: (tx: Db, a) => applyScreeningReview(tx, { scope, deps: c.get("deps") }, a.request),
    score_policy_publish: (tx: Db, a) => applyPolicyPublish(tx, scope, a),
  };
  return (action) => appliers[action];
}

export const approvalsRouter = createRouter()
  .openapi(listApprovalsRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await listApprovals(c.get("db"), keyScope(c), { status: q.status, action: q.action, limit: q.limit, after: q.after }),
      200,
    );
  })
  .openapi(getApprovalRoute, async (c) => c.json(await getApproval(c.get("db"), keyScope(c), c.req.valid("param").id), 200))
  .openapi(approveRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await decideApproval(c.get("db"), keyScope(c), c.req.valid("param").id, {
        deciderId: body.actor_id,
        approve: true,
        apply: applier(c),
      }),
      200,
    );
  })
  .openapi(rejectRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await decideApproval(c.get("db"), keyScope(c), c.req.valid("param").id, {
        deciderId: body.actor_id,
        approve: false,
        reason: body.reason,
        apply: applier(c),
      }),
      200,
    );
  });
