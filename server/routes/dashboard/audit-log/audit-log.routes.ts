import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors } from "../../../http/openapi";
import { periodIssues, requiredTime } from "../../../http/time-query";
import { MAX_PERIOD_DAYS } from "../../../core/period";

export const AuditLineSchema = z
  .object({
    id: z.string().openapi({
      description: "The entry's id: the audit row's own, or the row's id with `.created`, `.revoked`… for entries read from a state change",
    }),
    type: z.string().openapi({
      description:
        "case.<action> (created, note_added, status_changed, assignee_changed, transactions_linked, severity_changed), decision.recorded, screening.reviewed, api_key.created, api_key.revoked, analyst.created, analyst.disabled, analyst.signed_in, analyst.session_ended, policy.updated, detection_policy.updated",
      example: "case.status_changed",
    }),
    at: z.string().openapi({ description: "When (ISO 8601, UTC, to the second); lines are oldest first" }),
    environment: z
      .enum(["live", "test"])
      .nullable()
      .openapi({ description: "null for account-wide entries (analysts and their sessions)" }),
    actor: z
      .string()
      .nullable()
      .openapi({ description: "An analyst id (ana_…), an API key id (key_…) or another recorded actor; null when none is recorded" }),
    object: z.object({ type: z.string(), id: z.string() }).openapi({
      description: "What the entry is about: case, transaction, screening, api_key, analyst, analyst_session, policy, detection_policy",
    }),
    data: z.record(z.string(), z.unknown()).openapi({ description: "What changed, by type (server/domain/audit/README.md)" }),
  })
  .openapi("AuditLogLine");

export const auditLogRoute = createRoute({
  method: "get",
  path: "/api/v1/audit-log",
  tags: ["Dashboard: audit log"],
  summary: "The account's audit log for a period, as NDJSON (admin)",
  description: `One JSON object per line (application/x-ndjson), oldest first, streamed. The period is at most ${MAX_PERIOD_DAYS} days.`,
  middleware: consoleRoute("admin"),
  request: {
    query: z
      .object({
        start_time: requiredTime("start", "Entries at or after (ISO 8601)"),
        end_time: requiredTime("end", `Entries before or at (ISO 8601); at most ${MAX_PERIOD_DAYS} days after start_time`),
      })
      .superRefine(periodIssues(MAX_PERIOD_DAYS)),
  },
  responses: {
    200: { description: "The entries, one AuditLogLine per line", content: { "application/x-ndjson": { schema: AuditLineSchema } } },
    ...commonErrors,
  },
});
