import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { approvalActions, approvalStatuses } from "../../../db/schema";
import { ApprovalSchema } from "../../schemas/approval";

const tags = ["Approvals"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const actor = z.string().min(1).max(200).openapi({
  description: "The deciding analyst (the console sends the signed-in one): an enabled lead or admin of the account, not the maker",
});
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

export const approveRoute = createRoute({
  method: "post",
  path: "/v1/approvals/{id}/approve",
  tags,
  summary: "Approve a pending approval: its action applies as the maker sent it (an addition)",
  middleware: apiKeyRoute("a", "cases:write"),
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: z.object({ actor_id: actor }).openapi("ApproveRequest") } } },
  },
  responses: { 200: json("The approved approval"), ...commonErrors, ...errorResponses(404, 409, 422) },
});

export const rejectRoute = createRoute({
  method: "post",
  path: "/v1/approvals/{id}/reject",
  tags,
  summary: "Reject a pending approval with a reason: nothing changes (an addition)",
  middleware: apiKeyRoute("a", "cases:write"),
  request: {
    params: idParam,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ actor_id: actor, reason: z.string().trim().min(1).max(1000) }).openapi("RejectRequest") },
      },
    },
  },
  responses: { 200: json("The rejected approval"), ...commonErrors, ...errorResponses(404, 409) },
});
