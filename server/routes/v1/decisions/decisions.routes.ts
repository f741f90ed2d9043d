import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { decisionReasons, decisionValues } from "../../../db/schema";
import { DecisionRecord } from "../transactions/transactions.routes";
import { snapshotWrite } from "../../schemas/snapshot";
import { heldResponse } from "../../schemas/approval";

const tags = ["Decisions"];

// A decision on a screening also names the twins it decided (server/domain/screening/twins.ts).
const CreatedDecision = DecisionRecord.extend({
  decided_twins: z
    .array(z.object({ screening_id: z.string(), decision_id: z.string() }))
    .optional()
    .openapi({ description: "Addition, with screening_id: the open twins decided with it, each with its own record" }),
}).openapi("CreatedDecision");

// The subject of a decision is a transaction or, for the watchlist review, a screening
// (server/domain/identity/README.md): exactly one of `transaction_id` and `screening_id`.
export const DecisionBody = z
  .object({
    transaction_id: z.string().min(1).max(255).optional().openapi({ description: "From the score response (or send screening_id)" }),
    screening_id: z.string().min(1).max(255).optional().openapi({ description: "A stored watchlist screening under review (addition)" }),
    decision: z.enum(decisionValues),
    reason: z.enum(decisionReasons),
    notes: z.string().max(1000).optional(),
    analyst_id: z.string().min(1).max(255).optional(),
    snapshot: snapshotWrite,
    include_twins: z.boolean().optional().openapi({
      description:
        "With screening_id (addition): the same review also decides the screening's open twins (same subject, same listed entries); default true, false decides this screening alone",
    }),
  })
  .superRefine((b, ctx) => {
    if (b.include_twins !== undefined && b.screening_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["include_twins"], message: "applies only to a decision on a screening (screening_id)" });
    }
    if (b.transaction_id === undefined && b.screening_id === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["transaction_id"],
        message: "is required (or screening_id)",
        params: { code: "missing_required_field" },
      });
    }
    if (b.transaction_id !== undefined && b.screening_id !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["screening_id"],
        message: "cannot be sent together with transaction_id: a decision has one subject",
      });
    }
  })
  .openapi("CreateDecisionRequest");

export const createDecisionRoute = createRoute({
  method: "post",
  path: "/v1/decisions",
  tags,
  summary: "Record or override a decision (immutable)",
  description:
    "A correction is a new decision for the same transaction; the chain is kept. `false_positive` and `confirmed_fraud` label the transaction and adjust the account's model; `confirmed_fraud` also puts its card, e-mail, device and IP on the blocklist.",
  middleware: apiKeyRoute("a", "decisions:write"),
  request: { body: { required: true, content: { "application/json": { schema: DecisionBody } } } },
  responses: {
    201: { description: "The decision record", content: { "application/json": { schema: CreatedDecision } } },
    202: heldResponse,
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});

export const listDecisionsRoute = createRoute({
  method: "get",
  path: "/v1/decisions",
  tags,
  summary: "List decisions, newest first (optionally of one transaction or one screening)",
  middleware: apiKeyRoute("a", "decisions:write", "events:read"),
  request: {
    query: z.object({
      transaction_id: z.string().min(1).optional(),
      screening_id: z.string().min(1).optional().openapi({ description: "The decisions recorded on one watchlist screening (addition)" }),
      ...paginationQuery,
    }),
  },
  responses: {
    200: { description: "A page of decisions", content: { "application/json": { schema: listSchema(DecisionRecord, "DecisionList") } } },
    ...commonErrors,
  },
});
