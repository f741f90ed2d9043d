import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { ScreeningSchema } from "../../schemas/identity";
import { AlertEventSchema, AlertSchema } from "../alerts/alerts.routes";
import { AssessmentSchema } from "../transactions/transactions.routes";
import { CaseEventSchema, CaseSchema } from "./cases.routes";

export const CaseExportSchema = z
  .object({
    object: z.literal("case_export"),
    exported_at: z.string(),
    case: CaseSchema,
    audit: z.array(CaseEventSchema).openapi({ description: "The case's audit log in commit order (`seq`)" }),
    notes: z
      .array(z.object({ event_id: z.string(), seq: z.number().int(), actor_id: z.string(), timestamp: z.string(), note: z.string() }))
      .openapi({ description: "The `note_added` entries of the audit log, in order" }),
    alerts: z
      .array(AlertSchema.extend({ history: z.array(AlertEventSchema) }))
      .openapi({ description: "The linked alerts in the order they were linked, each with its history" }),
    transactions: z
      .array(AssessmentSchema)
      .openapi({ description: "The linked transactions in the order they were linked: score, signals, explanation and decision chain" }),
    screenings: z
      .array(ScreeningSchema)
      .openapi({ description: "Watchlist screenings of the case's user and of its transactions' users, newest first (at most 100)" }),
  })
  .openapi("CaseExport");

export const exportCaseRoute = createRoute({
  method: "get",
  path: "/v1/cases/{id}/export",
  tags: ["Cases"],
  summary: "Export a case's whole record as JSON (an addition)",
  middleware: apiKeyRoute("a", "cases:read", "cases:write"),
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }) },
  responses: {
    200: { description: "The case, its audit, notes, alerts, linked transactions and screenings", content: { "application/json": { schema: CaseExportSchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});
