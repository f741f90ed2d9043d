import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { approvalActions, approvalStatuses } from "../../../db/schema";
import { ApprovalSchema } from "../../schemas/approval";

// Deciding is here, on the console token, and not on Surface A: the decider must be the signed-in
// analyst the token proves, never an `actor_id` an API key could name (server/README.md, four-eyes).

const tags = ["Dashboard: approvals"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const json = (description: string) => ({ description, content: { "application/json": { schema: ApprovalSchema } } });
const decision = (name: string, what: string) =>
  z
    .object({
      reason: z
        .string()
        .trim()
        .min(1)
        .max(1000)
        .openapi({ description: `Why the ${what} (kept in the audit)` }),
    })
    .openapi(name);

export const listDashboardApprovalsRoute = createRoute({
  method: "get",
  path: "/api/v1/approvals",
  tags,
  summary: "The approvals queue, newest first (analysts see only the ones they asked for)",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    query: z.object({
      status: z.enum(approvalStatuses).optional(),
      action: z.enum(approvalActions).optional(),
      object_id: z.string().min(1).max(200).optional().openapi({ description: "Only the approvals of this case, screening or `score`" }),
      ...paginationQuery,
    }),
  },
  responses: {
    200: { description: "A page of approvals", content: { "application/json": { schema: listSchema(ApprovalSchema, "ApprovalList") } } },
    ...commonErrors,
  },
});

export const getDashboardApprovalRoute = createRoute({
  method: "get",
  path: "/api/v1/approvals/{id}",
  tags,
  summary: "Retrieve an approval",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: { params: idParam },
  responses: { 200: json("The approval"), ...commonErrors, ...errorResponses(404) },
});

export const approveRoute = createRoute({
  method: "post",
  path: "/api/v1/approvals/{id}/approve",
  tags,
  summary: "Approve as the signed-in lead or admin (not the maker): the action applies as the maker sent it",
  middleware: consoleRoute("lead", "admin"),
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: decision("ApproveRequest", "approval") } } },
  },
  responses: { 200: json("The approved approval"), ...commonErrors, ...errorResponses(404, 409, 422) },
});

export const rejectRoute = createRoute({
  method: "post",
  path: "/api/v1/approvals/{id}/reject",
  tags,
  summary: "Reject as the signed-in lead or admin (not the maker): nothing changes",
  middleware: consoleRoute("lead", "admin"),
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: decision("RejectRequest", "rejection") } } },
  },
  responses: { 200: json("The rejected approval"), ...commonErrors, ...errorResponses(404, 409) },
});
