import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { stampStart } from "../../../http/started-at";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { timeQuery } from "../../../http/time-query";
import { ScoreBody, SignalSchema } from "../../schemas/score-request";
import { VerifyBody, VerificationSchema } from "./verify-request";
import { chainFields } from "../../schemas/snapshot";

const tags = ["Transactions"];

export const ScoreResponse = z
  .object({
    object: z.literal("transaction_score"),
    transaction_id: z.string().openapi({ example: "txn_01jd2x3y4z5a6b7c8d9e0f1g2h" }),
    risk_score: z.number().int().min(0).max(100),
    decision: z.enum(["allow", "challenge", "block"]),
    signals: z.array(SignalSchema),
    latency_ms: z.number().int(),
    created_at: z.string(),
    model_version: z.string(),
    metadata: z.record(z.string(), z.string()),
  })
  .openapi("TransactionScore");

const DecisionRecord = z
  .object({
    object: z.literal("decision"),
    decision_id: z.string(),
    transaction_id: z.string().nullable(),
    decision: z.enum(["allow", "challenge", "block"]),
    reason: z.string(),
    notes: z.string().nullable(),
    analyst_id: z.string().nullable(),
    seq: z.number().int().openapi({
      description: "An addition: 1, 2, 3… per transaction (or screening) in commit order; the chain's last is the one in force",
    }),
    ...chainFields,
    created_at: z.string(),
  })
  .openapi("Decision");
export { DecisionRecord };

export const AssessmentSchema = ScoreResponse.extend({
  user_id: z.string(),
  email: z.string().nullable().openapi({ description: "user.email as scored (normalised), or null" }),
  ip_address: z.string().nullable().openapi({ description: "user.ip_address as scored, or null" }),
  phone: z.string().nullable().openapi({ description: "user.phone as scored, or null" }),
  amount: z.number().int(),
  currency: z.string(),
  payment_method: z.object({
    type: z.string(),
    card_bin: z.string().nullable(),
    last_four: z.string().nullable(),
    wallet_type: z.string().nullable(),
  }),
  merchant: z.object({ id: z.string().nullable(), category: z.string().nullable() }).nullable(),
  session_id: z.string().nullable(),
  device_id: z.string().nullable(),
  analysis_id: z.string().nullable(),
  label: z
    .enum(["legit", "fraud"])
    .nullable()
    .openapi({ description: "Set by false_positive (legit) and confirmed_fraud (fraud) decisions" }),
  explanation: z
    .object({
      base: z.number(),
      contributions: z.array(
        z.object({ name: z.string(), weight: z.string(), points: z.number(), learned: z.number(), detail: z.string() }),
      ),
      bands: z.object({ block: z.number().int(), challenge: z.number().int() }),
      band_decision: z.string(),
      rule: z.object({ id: z.string(), name: z.string(), action: z.string() }).nullable(),
      policy_version: z.number().int(),
    })
    .nullable(),
  final_decision: z.enum(["allow", "challenge", "block"]).openapi({ description: "The latest manual decision, else the engine's" }),
  decisions: z.array(DecisionRecord).openapi({ description: "Manual decisions, oldest first (the decision chain)" }),
}).openapi("TransactionAssessment");

// The detail alone says whether its decision chain verifies; lists and exports carry the records.
const TransactionDetailSchema = AssessmentSchema.extend({
  decision_chain: z
    .object({
      verified: z.boolean(),
      entries: z.number().int(),
      first_broken_seq: z.number().int().nullable().openapi({ description: "The first decision whose hash does not match, or null" }),
      unhashed: z.number().int().openapi({ description: "Decisions written before hashing existed, accepted only at the start" }),
    })
    .openapi({ description: 'Whether the decision chain\'s hashes verify (server/domain/scoring/README.md, "Decisions")' }),
}).openapi("TransactionDetail");

export const ListedTransactionSchema = AssessmentSchema.omit({ decisions: true })
  .extend({
    // A union, not DecisionRecord.nullable(): the nullable copy would carry the component name and
    // make every "Decision" in the document nullable.
    latest_decision: z
      .union([DecisionRecord, z.null()])
      .openapi({ description: "The latest manual decision (the last of the chain), or null" }),
  })
  .openapi("ListedTransaction");

const score = (name: string) =>
  z
    .string()
    .refine((v) => /^[0-9]+$/.test(v), { message: "must be an integer" })
    .transform(Number)
    .pipe(z.number().int().min(0).max(100))
    .optional()
    .openapi({ type: "integer", minimum: 0, maximum: 100, description: `Risk score ${name} (inclusive), 0 to 100` });

export const listTransactionsRoute = createRoute({
  method: "get",
  path: "/v1/transactions",
  tags,
  summary: "List live assessments (an addition): newest first, or oldest first, with filters",
  middleware: apiKeyRoute("a", "events:read"),
  request: {
    query: z.object({
      decision: z.enum(["allow", "challenge", "block"]).optional().openapi({ description: "The engine's decision" }),
      review: z.enum(["pending", "decided"]).optional().openapi({
        description:
          "`pending`: challenged or blocked with no analyst decision yet (the review queue); `decided`: with an analyst decision",
      }),
      label: z
        .enum(["legit", "fraud"])
        .optional()
        .openapi({ description: "Set by false_positive (legit) and confirmed_fraud (fraud) decisions" }),
      user_id: z.string().min(1).optional(),
      min_score: score("at least"),
      max_score: score("at most"),
      start_time: timeQuery("start", "Created at or after (ISO 8601)"),
      end_time: timeQuery("end", "Created before or at (ISO 8601)"),
      order: z.enum(["desc", "asc"]).default("desc").openapi({
        description:
          "`desc` (default): newest first. `asc` (an addition): oldest first, for a review queue. A cursor works only with the order that issued it",
      }),
      ...paginationQuery,
    }),
  },
  responses: {
    200: {
      description: "A page of assessments",
      content: { "application/json": { schema: listSchema(ListedTransactionSchema, "TransactionList") } },
    },
    ...commonErrors,
  },
});

export const scoreRoute = createRoute({
  method: "post",
  path: "/v1/transactions/score",
  tags,
  summary: "Score a transaction",
  description:
    "Scores the transaction against the account's history and policies. `Idempotency-Key` header or `idempotency_key` body field: a duplicate returns the original response. Top-level `transaction_id` and `user_id` are accepted and ignored.",
  middleware: [stampStart, ...apiKeyRoute("a", "transactions:write")],
  request: { body: { required: true, content: { "application/json": { schema: ScoreBody } } } },
  responses: {
    200: { description: "The risk assessment", content: { "application/json": { schema: ScoreResponse } } },
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});

export const getTransactionRoute = createRoute({
  method: "get",
  path: "/v1/transactions/{id}",
  tags,
  summary: "Retrieve an assessment with its explanation and decision chain",
  middleware: apiKeyRoute("a", "transactions:write", "events:read"),
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: {
      description: "The assessment and whether its decision chain verifies",
      content: { "application/json": { schema: TransactionDetailSchema } },
    },
    ...commonErrors,
    ...errorResponses(404),
  },
});

export const verifyRoute = createRoute({
  method: "post",
  path: "/v1/transactions/verify",
  tags,
  summary: "Verify payment details (no scoring)",
  middleware: apiKeyRoute("a", "transactions:write"),
  request: { body: { required: true, content: { "application/json": { schema: VerifyBody } } } },
  responses: {
    200: { description: "The payment verification record", content: { "application/json": { schema: VerificationSchema } } },
    ...commonErrors,
    ...errorResponses(409),
  },
});
