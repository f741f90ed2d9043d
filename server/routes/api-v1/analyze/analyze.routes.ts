import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { decisionTypes } from "../../../domain/scoring/analysis";
import { ScoreBody, SignalSchema } from "../../schemas/score-request";
import { stampStart } from "../../../http/started-at";

export const AnalysisSchema = z
  .object({
    object: z.literal("transaction_analysis"),
    analysis_id: z.string(),
    transaction_id: z.string(),
    mode: z.enum(["live", "labelled"]),
    risk_score: z.number().int().min(0).max(100),
    decision: z.object({ type: z.enum(decisionTypes), reasons: z.array(z.string()) }),
    signals: z.array(SignalSchema),
    latency_ms: z.number().int(),
    created_at: z.string(),
    model_version: z.string(),
  })
  .openapi("TransactionAnalysis");

const idempotencyHeader = z.object({
  // Optional to the validator, so that a missing key is reported by the idempotency layer with its
  // own message and param after the body is checked; required in the published document.
  "x-idempotency-key": z
    .string()
    .optional()
    .openapi({
      param: { required: true },
      description: "Required: 16 to 128 url-safe characters, one per transaction, reused for a retry of it",
    }),
});

const route = (path: string, summary: string, description: string) =>
  createRoute({
    method: "post",
    path,
    tags: ["Transaction analysis"],
    summary,
    description,
    middleware: [stampStart, ...apiKeyRoute("b", "TRANSACTIONS_WRITE")],
    request: { headers: idempotencyHeader, body: { required: true, content: { "application/json": { schema: ScoreBody } } } },
    responses: {
      200: { description: "The analysis", content: { "application/json": { schema: AnalysisSchema } } },
      ...commonErrors,
      ...errorResponses(404, 409, 422),
    },
  });

export const analyzeRoute = route(
  "/api/v1/transactions/analyze",
  "Analyze a transaction (live)",
  "Live scoring with the same engine as POST /v1/transactions/score: the transaction enters the account's history, velocity, alerts and event log.",
);

export const analyzeSandboxRoute = route(
  "/api/v1/transactions/analyze/sandbox",
  "Analyze a transaction (labelled mode)",
  "Same request and response as analyze, same model; not live traffic: nothing is written to history, velocity, alerts or the event log. The result is kept only for idempotent replay.",
);
