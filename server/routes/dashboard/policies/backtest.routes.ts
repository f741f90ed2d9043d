import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { periodIssues, requiredTime } from "../../../http/time-query";
import { MAX_PERIOD_DAYS } from "../../../core/period";
import { action, Bands, Rule, StoredRule } from "./policies.routes";

const tags = ["Dashboard: policies"];
export const BacktestBody = z
  .object({
    draft: z
      .object({
        score_bands: Bands,
        rules: z.array(Rule).max(100).openapi({
          description: "Evaluated in order, as in a policy: the first enabled rule that matches decides, else the score bands",
        }),
      })
      .openapi({ description: "The score bands and rules to try, validated exactly like PUT /api/v1/policies" }),
    start_time: requiredTime("start", "Live scores created at or after (ISO 8601)"),
    end_time: requiredTime("end", `Live scores created before or at (ISO 8601); at most ${MAX_PERIOD_DAYS} days after start_time`),
  })
  .superRefine(periodIssues(MAX_PERIOD_DAYS))
  .openapi("BacktestRequest");

const count = z.number().int();
const DecisionCounts = z.object({ allow: count, challenge: count, block: count });
const Side = z.object({
  fraud_caught: count.openapi({ description: "Labelled fraud challenged or blocked" }),
  fraud_missed: count.openapi({ description: "Labelled fraud allowed" }),
  false_positives: count.openapi({ description: "Labelled legit challenged or blocked" }),
  fraud: DecisionCounts,
  legit: DecisionCounts,
});

const BacktestResultSchema = z
  .object({
    scores: count.openapi({ description: "Live scores replayed" }),
    changed: count.openapi({ description: "Scores whose decision the draft changes" }),
    live: DecisionCounts.openapi({ description: "The engine's stored decisions" }),
    draft: DecisionCounts.openapi({ description: "The draft's decisions" }),
    matrix: z
      .object({ allow: DecisionCounts, challenge: DecisionCounts, block: DecisionCounts })
      .openapi({ description: "From the stored engine decision (key) to the draft's decision (inner key)" }),
    moves: z.array(
      z.object({
        from: action,
        to: action,
        count,
        examples: z
          .array(
            z.object({
              transaction_id: z.string(),
              created_at: z.string(),
              risk_score: count,
              from: action,
              to: action,
              rule_id: z.string().nullable(),
            }),
          )
          .openapi({ description: "Up to 10, oldest first; rule_id is the draft rule that decided (null: the score bands)" }),
      }),
    ),
    outcomes: z.object({
      labelled_fraud: count,
      labelled_legit: count,
      live: Side,
      draft: Side,
      fraud_caught_added: count.openapi({ description: "Labelled fraud the live decision allowed and the draft catches" }),
      fraud_caught_lost: count.openapi({ description: "Labelled fraud the live decision caught and the draft allows" }),
      false_positives_added: count,
      false_positives_removed: count,
    }),
  })
  .openapi("BacktestResult");

export const BacktestSchema = z
  .object({
    object: z.literal("backtest"),
    id: z.string(),
    environment: z.enum(["live", "test"]),
    status: z.enum(["queued", "running", "succeeded", "failed"]),
    progress: z.object({
      scanned: count,
      total: count.openapi({ description: "Scores in the period (0 until the job has counted them)" }),
    }),
    period: z.object({ start_time: z.string(), end_time: z.string() }),
    draft: z.object({ score_bands: z.object({ block: count, challenge: count }), rules: z.array(StoredRule) }),
    // A union, not .nullable(): the nullable copy would carry the component name (BacktestResult).
    result: z.union([BacktestResultSchema, z.null()]).openapi({ description: "Set once the backtest succeeded" }),
    error: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi("Backtest");

const json = (description: string) => ({ content: { "application/json": { schema: BacktestSchema } }, description });

export const createBacktestRoute = createRoute({
  method: "post",
  path: "/api/v1/policies/backtest",
  tags,
  summary: "Backtest a draft policy on a period of stored live scores (lead, admin)",
  description:
    "Queues a job that replays the period's live scores with the draft's bands and rules; poll the backtest for progress and result.",
  middleware: consoleRoute("lead", "admin"),
  request: { body: { required: true, content: { "application/json": { schema: BacktestBody } } } },
  responses: { 202: json("The backtest, queued"), ...commonErrors },
});

export const getBacktestRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/backtest/{id}",
  tags,
  summary: "A backtest: status, progress and (once succeeded) result",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: { params: z.object({ id: z.string().openapi({ example: "bt_01j…" }) }) },
  responses: { 200: json("The backtest"), ...commonErrors, ...errorResponses(404) },
});
