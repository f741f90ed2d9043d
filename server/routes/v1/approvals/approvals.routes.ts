import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { approvalActions, approvalStatuses } from "../../../db/schema";
import { ApprovalSchema } from "../../schemas/approval";

// Read-only here: an API key cannot prove which person decides, so approving and rejecting are
// dashboard routes on the console token (/api/v1/approvals/{id}/approve|reject).
const tags = ["Approvals"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const json = (description: string) => ({ description, content: { "application/json": { schema: ApprovalSchema } } });

export const listApprovalsRoute = createRoute({
  method: "get",
  path: "/v1/approvals",
  tags,
  summary: "List approvals (an addition), newest first",
  middleware: apiKeyRoute("a", "cases:read", "cases:write"),
  request: {
    query: z.object({ status: z.enum(approvalStatuses).optional(), action: z.enum(approvalActions).optional(), ...paginationQuery }),
  },
  responses: {
    200: { description: "A page of approvals", content: { "application/json": { schema: listSchema(ApprovalSchema, "ApprovalList") } } },
    ...commonErrors,
  },
});

export const getApprovalRoute = createRoute({
  method: "get",
  path: "/v1/approvals/{id}",
  tags,
  summary: "Retrieve an approval (an addition)",
  middleware: apiKeyRoute("a", "cases:read", "cases:write"),
  request: { params: idParam },
  responses: { 200: json("The approval"), ...commonErrors, ...errorResponses(404) },
});
