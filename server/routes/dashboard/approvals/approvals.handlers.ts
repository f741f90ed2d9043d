import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import { consoleScope } from "../../../http/key-scope";
import type { AppEnv } from "../../../http/context";
import type { Db } from "../../../db/client";
import type { ApprovalAction } from "../../../db/schema";
import { decideApproval, getApproval, listApprovals, type Apply } from "../../../domain/approvals/approvals";
import { applyCaseResolution } from "../../../domain/cases/four-eyes";
import { applyScreeningReview } from "../../../domain/decisions/four-eyes";
import { applyPolicyPublish } from "../../../domain/scoring/four-eyes";
import { approveRoute, getDashboardApprovalRoute, listDashboardApprovalsRoute, rejectRoute } from "./approvals.routes";

/** How an approved action is applied, per action: as its maker sent it. */
function applier(c: Context<AppEnv>): (action: ApprovalAction) => Apply {
  const scope = consoleScope(c);
  const appliers: Record<ApprovalAction, Apply> = {
    case_resolution: (tx: Db, a) => applyCaseResolution(tx, { scope, jobs: c.get("deps").jobs, defaultActor: a.makerId }, a),
    screening_review: (tx: Db, a) => applyScreeningReview(tx, { scope, deps: c.get("deps") }, a.request),
    score_policy_publish: (tx: Db, a) => applyPolicyPublish(tx, scope, a),
  };
  return (action) => appliers[action];
}

const decide = (c: Context<AppEnv>, id: string, approve: boolean, reason: string) =>
  decideApproval(c.get("db"), consoleScope(c), id, { deciderId: c.get("analyst")!.analystId, approve, reason, apply: applier(c) });

export const dashboardApprovalsRouter = createRouter()
  .openapi(listDashboardApprovalsRoute, async (c) => {
    const q = c.req.valid("query");
    const analyst = c.get("analyst")!;
    // An analyst's queue is what they asked for; leads and admins see everyone's. Asked about one
    // object (a case page saying its resolution waits), anyone sees its approvals, as they see it.
    const makerId = analyst.role === "analyst" && !q.object_id ? analyst.analystId : undefined;
    return c.json(await listApprovals(c.get("db"), consoleScope(c), { ...q, makerId, objectId: q.object_id }), 200);
  })
  .openapi(getDashboardApprovalRoute, async (c) => c.json(await getApproval(c.get("db"), consoleScope(c), c.req.valid("param").id), 200))
  .openapi(approveRoute, async (c) => c.json(await decide(c, c.req.valid("param").id, true, c.req.valid("json").reason), 200))
  .openapi(rejectRoute, async (c) => c.json(await decide(c, c.req.valid("param").id, false, c.req.valid("json").reason), 200));
