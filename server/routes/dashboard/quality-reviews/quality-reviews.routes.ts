import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { timeQuery } from "../../../http/time-query";
import { caseTypes, qualityReviewStatuses, resolutions, severityLevels } from "../../../db/schema";

const tags = ["Dashboard: quality review"];

const CaseFacts = z
  .object({
    case_id: z.string(),
    title: z.string(),
    case_type: z.enum(caseTypes),
    severity: z.enum(severityLevels),
    user_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("QualityReviewCase", { description: "The case's facts: never its status history, assignee or resolution" });

const Note = z.object({ note: z.string(), timestamp: z.string() }).openapi("QualityReviewNote");

const Revealed = z
  .object({ analyst_id: z.string(), resolution: z.enum(resolutions), notes: z.array(Note) })
  .openapi("QualityReviewFirstResolution", { description: "The first resolution and the notes sent with it" });

const Second = z
  .object({ analyst_id: z.string(), resolution: z.enum(resolutions), notes: z.string().nullable() })
  .openapi("QualityReviewSecondResolution");

export const QualityReviewItemSchema = z
  .object({
    object: z.literal("quality_review_item"),
    review_id: z.string(),
    status: z.enum(qualityReviewStatuses),
    drawn_at: z.string(),
    completed_at: z.string().nullable(),
    case: CaseFacts,
  })
  .openapi("QualityReviewItem");

export const QualityReviewSchema = z
  .object({
    object: z.literal("quality_review"),
    review_id: z.string(),
    status: z.enum(qualityReviewStatuses),
    drawn_at: z.string(),
    completed_at: z.string().nullable(),
    case: CaseFacts,
    notes_before_resolution: z.array(Note).openapi({ description: "Case notes written before the resolving request" }),
    transactions: z.array(
      z
        .object({
          transaction_id: z.string(),
          user_id: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          risk_score: z.number().int(),
          decision: z.string().openapi({ description: "The engine's decision (never an analyst's)" }),
          signals: z.array(z.string()),
          created_at: z.string(),
        })
        .openapi("QualityReviewTransaction"),
    ),
    alerts: z.array(
      z
        .object({
          alert_id: z.string(),
          alert_type: z.string(),
          severity: z.enum(severityLevels),
          summary: z.string(),
          confidence: z.number(),
          exposure_amount: z.number().int(),
          exposure_currency: z.string().nullable(),
          created_at: z.string(),
        })
        .openapi("QualityReviewAlert", { description: "The linked alert's facts: never its status, resolution or notes" }),
    ),
    first: z.union([Revealed, z.null()]).openapi({ description: "null until the second resolution is recorded (blind)" }),
    second: z.union([Second, z.null()]),
    agreed: z.boolean().nullable(),
    overturned: z.boolean().nullable().openapi({ description: "confirmed_fraud against false_positive, either way round" }),
  })
  .openapi("QualityReview");

const Id = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" } }),
});

export const listQualityReviewsRoute = createRoute({
  method: "get",
  path: "/api/v1/quality-reviews",
  tags,
  summary: "The quality queue: resolved cases drawn for a blind second review",
  description:
    "`pending` (default): the signed-in analyst's queue, oldest draw first, without the cases they resolved. `completed`: reviews already given.",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    query: z.object({
      status: z.enum(qualityReviewStatuses).default("pending"),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      after: z.string().max(200).optional().openapi({ description: "next_cursor of the previous page" }),
    }),
  },
  responses: {
    200: {
      description: "A page of reviews",
      content: {
        "application/json": {
          schema: z
            .object({
              object: z.literal("list"),
              data: z.array(QualityReviewItemSchema),
              has_more: z.boolean(),
              next_cursor: z.string().nullable(),
            })
            .openapi("QualityReviewList"),
        },
      },
    },
    ...commonErrors,
  },
});

const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: QualityReviewSchema } } },
  ...commonErrors,
});

export const getQualityReviewRoute = createRoute({
  method: "get",
  path: "/api/v1/quality-reviews/{id}",
  tags,
  summary: "One review: blind while pending (no first resolution), revealed once completed",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: { params: Id },
  responses: { ...ok("The review"), ...errorResponses(404) },
});

export const submitQualityReviewRoute = createRoute({
  method: "post",
  path: "/api/v1/quality-reviews/{id}/submit",
  tags,
  summary: "Give the second resolution; the answer reveals the first",
  description: "403 for the analyst who resolved the case; 409 `quality_review_completed` once a second resolution is recorded.",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    params: Id,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .strictObject({ resolution: z.enum(resolutions), notes: z.string().max(5_000).optional() })
            .openapi("SubmitQualityReviewRequest"),
        },
      },
    },
  },
  responses: { ...ok("The completed review, with the first resolution revealed"), ...errorResponses(404, 409) },
});

const Rates = {
  reviewed: z.number().int(),
  agreed: z.number().int(),
  overturned: z.number().int(),
  agreement_rate: z.number().openapi({ description: "agreed / reviewed (0 to 1)" }),
  overturn_rate: z.number().openapi({ description: "overturned / reviewed (0 to 1)" }),
};

export const QualityReportSchema = z
  .object({
    object: z.literal("quality_review_report"),
    start_time: z.string(),
    end_time: z.string(),
    pending: z.number().int().openapi({ description: "Reviews drawn and not yet given (any time)" }),
    analysts: z.array(
      z
        .object({
          analyst_id: z.string().openapi({ description: "The first analyst (who resolved the cases); an API key id for API resolutions" }),
          name: z.string().nullable(),
          email: z.string().nullable(),
          ...Rates,
          weeks: z.array(
            z
              .object({ week_start: z.string().openapi({ description: "Monday of the ISO week (UTC), YYYY-MM-DD" }), ...Rates })
              .openapi("QualityReportWeek"),
          ),
        })
        .openapi("QualityReportAnalyst"),
    ),
  })
  .openapi("QualityReport");

export const qualityReportRoute = createRoute({
  method: "get",
  path: "/api/v1/quality-reviews/report",
  tags,
  summary: "Agreement and overturn rates per analyst (as the first reviewer), per week (leads and admins)",
  middleware: consoleRoute("lead", "admin"),
  request: {
    query: z.object({
      start_time: timeQuery("start", "Reviews completed at or after (default: 12 weeks before end_time)"),
      end_time: timeQuery("end", "Reviews completed before or at (default: now); at most 366 days after start_time"),
    }),
  },
  responses: {
    200: { description: "The report", content: { "application/json": { schema: QualityReportSchema } } },
    ...commonErrors,
  },
});
