import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";

const tags = ["Dashboard: policies"];

export const ApprovalPolicySchema = z
  .object({
    object: z.literal("approval_policy"),
    case_false_positive_min_exposure: z.number().int().nullable().openapi({
      description:
        "Resolving a case as false_positive needs a second person when its exposure (the sum of its linked transactions' amounts, minor units) is at least this; null: never",
    }),
    screening_review: z
      .boolean()
      .openapi({ description: "A watchlist review that records true_match or false_positive needs a second person" }),
    score_policy_publish: z
      .boolean()
      .openapi({ description: "A score policy write that changes the bands or rules needs a second person" }),
    version: z.number().int().openapi({ description: "0 until first written; +1 on every write; also the ETag" }),
    updated_by: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .openapi("ApprovalPolicy");

export const PutApprovalPolicyBody = z
  .object({
    case_false_positive_min_exposure: z.number().int().min(0).max(2_147_483_647).nullable(),
    screening_review: z.boolean(),
    score_policy_publish: z.boolean(),
  })
  .openapi("ReplaceApprovalPolicyRequest");

const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: ApprovalPolicySchema } } },
  ...commonErrors,
});

export const getApprovalPolicyRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/approvals",
  tags,
  summary: "Which actions need a second person (four-eyes)",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: ok("The approval policy"),
});

export const putApprovalPolicyRoute = createRoute({
  method: "put",
  path: "/api/v1/policies/approvals",
  tags,
  summary: "Replace the approval policy (admin)",
  middleware: consoleRoute("admin"),
  request: { headers: ifMatchHeaders, body: { required: true, content: { "application/json": { schema: PutApprovalPolicyBody } } } },
  responses: { ...ok("The new approval policy"), ...errorResponses(409) },
});
