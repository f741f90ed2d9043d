import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { getApproval, listApprovals } from "../../../domain/approvals/approvals";
import { getApprovalRoute, listApprovalsRoute } from "./approvals.routes";

export const approvalsRouter = createRouter()
  .openapi(listApprovalsRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await listApprovals(c.get("db"), keyScope(c), { status: q.status, action: q.action, limit: q.limit, after: q.after }),
      200,
    );
  })
  .openapi(getApprovalRoute, async (c) => c.json(await getApproval(c.get("db"), keyScope(c), c.req.valid("param").id), 200));
