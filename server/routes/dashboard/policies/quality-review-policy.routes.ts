import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";

const tags = ["Dashboard: policies"];

const sampleRate = z
  .number()
  .min(0, { message: "must be between 0 and 1" })
  .max(1, { message: "must be between 0 and 1" })
  .openapi({ description: "The share of resolved cases drawn into the blind second review (0 to 1; 0.05 = 5 %)" });

export const PutQualityReviewPolicyBody = z.strictObject({ sample_rate: sampleRate }).openapi("ReplaceQualityReviewPolicyRequest");

export const QualityReviewPolicySchema = z
  .object({
    object: z.literal("quality_review_policy"),
    environment: z.enum(["live", "test"]),
    sample_rate: sampleRate,
    version: z.number().int().openapi({ description: "0 while the account uses the default (5 %)" }),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi("QualityReviewPolicy");

const ok = (description: string) => ({
  200: { description, content: { "application/json": { schema: QualityReviewPolicySchema } } },
  ...commonErrors,
});

export const getQualityReviewPolicyRoute = createRoute({
  method: "get",
  path: "/api/v1/policies/quality-review",
  tags,
  summary: "The quality review policy: the share of resolved cases drawn for a blind second review",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: ok("The quality review policy (default 5 %)"),
});

export const putQualityReviewPolicyRoute = createRoute({
  method: "put",
  path: "/api/v1/policies/quality-review",
  tags,
  summary: "Replace the quality review policy (admin); cases resolved from now on are drawn with it",
  middleware: consoleRoute("admin"),
  request: {
    headers: ifMatchHeaders,
    body: { required: true, content: { "application/json": { schema: PutQualityReviewPolicyBody } } },
  },
  responses: { ...ok("The new quality review policy"), ...errorResponses(409) },
});
