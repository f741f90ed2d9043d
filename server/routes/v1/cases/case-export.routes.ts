import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { ScreeningSchema } from "../../schemas/identity";
import { AlertEventSchema, AlertSchema } from "../alerts/alerts.routes";
import { AssessmentSchema } from "../transactions/transactions.routes";
import { CaseEventSchema, CaseSchema } from "./cases.routes";

const verification = {
  verified: z.boolean(),
  entries: z.number().int(),
  first_broken_seq: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "The first entry whose hash does not match (a changed, removed or unhashed entry), or null" }),
  unhashed: z
    .number()
    .int()
    .openapi({ description: "Entries written before hashing existed (no hash), accepted only at the start of a history" }),
};

const ChainsSchema = z
  .object({
    audit: z.object(verification).openapi({ description: "The case's audit log" }),
    decisions: z
      .object({
        ...verification,
        first_broken_seq: verification.first_broken_seq.openapi({
          description: "The first broken entry of the first broken chain, or null",
        }),
        chains: z.number().int().openapi({ description: "Decision chains checked: one per linked transaction and per screening" }),
        broken: z
          .array(z.object({ subject_id: z.string(), first_broken_seq: z.number().int() }))
          .openapi({ description: "Each broken chain: its transaction or screening and first broken entry" }),
      })
      .openapi({ description: "The decision chains of the linked transactions and of the screenings" }),
  })
  .openapi("CaseExportChains", { description: 'Whether the hash chains verify (server/domain/cases/README.md, "What the analyst saw")' });

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
    chains: ChainsSchema,
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
    200: {
      description: "The case, its audit, notes, alerts, linked transactions and screenings",
      content: { "application/json": { schema: CaseExportSchema } },
    },
    ...commonErrors,
    ...errorResponses(404),
  },
});
