import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { timeQuery } from "../../../http/time-query";
import { VerifyRequestSchema } from "../../../domain/identity/request";
import { reviewStates } from "../../../db/schema";
import { ListedScreeningSchema, ScreeningSchema, VerificationSchema, WatchlistQuery } from "../../schemas/identity";

const tags = ["Identity"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

export const verifyRoute = createRoute({
  method: "post",
  path: "/v1/identity/verify",
  tags,
  summary: "Verify an individual (KYC) or a business (KYB)",
  description:
    "201 with a final status when every check resolved at once; 202 `pending` when a document analysis, registry lookup, liveness result or watchlist review is outstanding (the final result arrives by the `identity.verification_completed` webhook).",
  middleware: apiKeyRoute("a", "identity:write"),
  request: { body: { required: true, content: { "application/json": { schema: VerifyRequestSchema } } } },
  responses: {
    201: json(VerificationSchema, "Final result"),
    202: json(VerificationSchema, "Pending"),
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});

export const getVerificationRoute = createRoute({
  method: "get",
  path: "/v1/identity/verifications/{id}",
  tags,
  summary: "Retrieve a verification with the submitted identity (addition)",
  middleware: apiKeyRoute("a", "identity:write"),
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: json(VerificationSchema.extend({ subject: z.record(z.string(), z.unknown()) }), "The verification"),
    ...commonErrors,
    ...errorResponses(404),
  },
});

export const livenessRoute = createRoute({
  method: "post",
  path: "/v1/identity/verifications/{id}/liveness",
  tags,
  summary: "Report the liveness vendor's result for a pending liveness check (addition)",
  middleware: apiKeyRoute("a", "identity:write"),
  request: {
    params: z.object({ id: z.string() }),
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ result: z.enum(["pass", "fail"]), score: z.number().min(0).max(1).optional() }) },
      },
    },
  },
  responses: { 200: json(VerificationSchema, "The verification after the result"), ...commonErrors, ...errorResponses(404, 422) },
});

export const watchlistRoute = createRoute({
  method: "get",
  path: "/v1/identity/watchlist",
  tags,
  summary: "Screen a person or organisation against sanctions, PEP and adverse-media lists",
  middleware: apiKeyRoute("a", "identity:write"),
  request: { query: WatchlistQuery },
  responses: { 200: json(ScreeningSchema, "The screening result, stored with a screening_id"), ...commonErrors, ...errorResponses(404) },
});

export const listScreeningsRoute = createRoute({
  method: "get",
  path: "/v1/identity/screenings",
  tags,
  summary: "List stored screenings, e.g. the possible matches awaiting review (addition)",
  middleware: apiKeyRoute("a", "identity:write"),
  request: {
    query: z.object({
      status: z.enum(["clear", "match", "possible_match"]).optional(),
      review_state: z.enum(reviewStates).optional(),
      user_id: z.string().optional(),
      order: z.enum(["desc", "asc"]).default("desc").openapi({
        description:
          "`desc` (default): newest first. `asc` (an addition): oldest first, for a review queue. A cursor works only with the order that issued it",
      }),
      grouped: z
        .enum(["true", "false"])
        .default("false")
        .transform((v) => v === "true")
        .openapi({ description: "`true` (an addition): each group of open twins (same subject_key) listed once, by its oldest member" }),
      start_time: timeQuery(
        "start",
        "Screenings created at or after (ISO 8601; milliseconds count), e.g. what is new since a queue was read",
      ),
      ...paginationQuery,
    }),
  },
  responses: { 200: json(listSchema(ListedScreeningSchema, "ScreeningList"), "A page of screenings"), ...commonErrors },
});

export const getScreeningRoute = createRoute({
  method: "get",
  path: "/v1/identity/screenings/{id}",
  tags,
  summary: "Retrieve a screening with the listed entities behind its matches (addition)",
  middleware: apiKeyRoute("a", "identity:write"),
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: json(ListedScreeningSchema.extend({ listed_entities: z.array(z.record(z.string(), z.unknown())) }), "The screening"),
    ...commonErrors,
    ...errorResponses(404),
  },
});
