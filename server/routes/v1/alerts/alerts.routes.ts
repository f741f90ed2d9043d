import { createRoute, z } from "@hono/zod-openapi";
import { slaStates } from "../../../core/sla-clock";
import { ifMatchHeaders } from "../../../http/if-match";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { alertActions, alertStatuses, alertTypes, resolutions, severityLevels } from "../../../db/schema";
import { timeQuery } from "../../../http/time-query";

const MemberList = (name: string) =>
  z
    .object({ object: z.literal("list"), data: z.array(z.string()), has_more: z.boolean(), next_cursor: z.string().nullable() })
    .openapi(name);

export const AlertSchema = z
  .object({
    object: z.literal("alert"),
    alert_id: z.string().openapi({ example: "alert_01jd2x3y4z5a6b7c8d9e0f1g2h" }),
    alert_type: z.string().openapi({ example: "card_testing" }),
    severity: z.enum(severityLevels),
    status: z.enum(alertStatuses),
    affected_users: z.number().int(),
    affected_transactions: z.number().int(),
    summary: z.string(),
    resolution_notes: z.string().nullable(),
    resolution: z.enum(resolutions).nullable().openapi({
      description: "An addition: the outcome while the alert is resolved (`confirmed_fraud`, `false_positive`, `inconclusive`), else null",
    }),
    case_id: z.string().nullable().openapi({
      description:
        "An addition: the case the alert belongs to (the latest it joined); an alert belongs to at most one case that is not closed",
    }),
    key: z.string().openapi({ description: "What groups the hits: the IP, device, user, card, document or `account`" }),
    confidence: z.number().openapi({ description: "0–1, the highest confidence reported by the detector" }),
    exposure: z
      .object({ amount: z.number().int(), currency: z.string().nullable() })
      .openapi({ description: "Sum of the affected transactions' amounts (smallest currency unit)" }),
    evidence: z.record(z.string(), z.unknown()),
    version: z.number().int().openapi({
      description: "An addition: 1 on create, +1 on every change of status or notes (hits the engine folds in do not count); also the ETag",
    }),
    due_at: z.string().openapi({
      description: "An addition: when the SLA policy wants it finished (created_at + the due time of its severity; wall-clock time, UTC)",
    }),
    sla_state: z.enum(slaStates).openapi({
      description:
        "An addition: `on_track`, `due_soon` (the last 20 % of its due time), `breached` (past due unfinished, or a breach was recorded), `met` (finished without a breach)",
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Alert");

export const AlertEventSchema = z
  .object({
    event_id: z.string(),
    seq: z.number().int().openapi({ description: "1, 2, 3… per alert in commit order; the last entry is the latest change" }),
    action: z.enum(alertActions),
    actor_id: z.string(),
    timestamp: z.string(),
    from: z.string().nullable().optional().openapi({ description: "status_changed, resolution_changed" }),
    to: z.string().nullable().optional().openapi({ description: "status_changed, resolution_changed" }),
    note: z.string().optional().openapi({ description: "notes_changed: the new resolution notes" }),
    case_id: z
      .string()
      .optional()
      .openapi({ description: "case_linked: the case joined; on other entries, the case whose resolution made the change" }),
  })
  .openapi("AlertEvent");

export const AlertDetailSchema = AlertSchema.extend({
  user_ids: MemberList("AlertUserIds"),
  transaction_ids: MemberList("AlertTransactionIds"),
  history: z
    .array(AlertEventSchema)
    .openapi({ description: "An addition: the alert's review history in commit order (`seq`), append-only" }),
}).openapi("AlertDetail");

const tags = ["Alerts"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const listAlertsRoute = createRoute({
  method: "get",
  path: "/v1/alerts",
  tags,
  summary: "List alerts (newest first, or by severity; status defaults to open)",
  middleware: apiKeyRoute("a", "alerts:read", "alerts:write"),
  request: {
    query: z.object({
      status: z
        .enum([...alertStatuses, "all"])
        .default("open")
        .openapi({ description: "`open` (default), `acknowledged`, `resolved`, or `all` (an addition)" }),
      severity: z.enum(severityLevels).optional(),
      alert_type: z.enum(alertTypes).optional(),
      user_id: z.string().min(1).optional().openapi({ description: "Alerts that include this user in their affected scope" }),
      resolution: z
        .enum(resolutions)
        .optional()
        .openapi({ description: "An addition: resolved alerts with this outcome (combine with `status=resolved` or `all`)" }),
      case_id: z.string().min(1).optional().openapi({ description: "An addition: alerts that belong to this case" }),
      start_time: timeQuery("start", "Created at or after (ISO 8601)"),
      end_time: timeQuery("end", "Created before or at (ISO 8601)"),
      sla_state: z.enum(slaStates).optional().openapi({ description: "An addition: alerts in this SLA state" }),
      sort: z.enum(["created_at", "severity", "due_at"]).default("created_at").openapi({
        description:
          "`created_at` (default): newest first. `severity` (an addition): severity critical→low, then oldest first. `due_at` (an addition): soonest due first. A cursor works only with the order that issued it",
      }),
      ...paginationQuery,
    }),
  },
  responses: {
    200: { description: "A page of alerts", content: { "application/json": { schema: listSchema(AlertSchema, "AlertList") } } },
    ...commonErrors,
  },
});

export const getAlertRoute = createRoute({
  method: "get",
  path: "/v1/alerts/{id}",
  tags,
  summary: "Retrieve an alert with the user and transaction ids behind it (an addition)",
  middleware: apiKeyRoute("a", "alerts:read", "alerts:write"),
  request: {
    params: idParam,
    query: z.object({
      limit: paginationQuery.limit.openapi({ description: "Page size of `user_ids` and `transaction_ids`, 1 to 100, default 20" }),
      users_after: z.string().min(1).optional().openapi({ description: "The `user_ids.next_cursor` of the previous response" }),
      transactions_after: z
        .string()
        .min(1)
        .optional()
        .openapi({ description: "The `transaction_ids.next_cursor` of the previous response" }),
    }),
  },
  responses: {
    200: { description: "The alert", content: { "application/json": { schema: AlertDetailSchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});

export const UpdateAlertBody = z
  .object({
    status: z.enum(["acknowledged", "resolved"]).openapi({ description: "`acknowledged` or `resolved`, from any state" }),
    resolution: z.enum(resolutions).optional().openapi({
      description:
        "An addition: the outcome, only with `status: resolved` (else 400). Kept while the alert stays resolved; leaving `resolved` clears it",
    }),
    resolution_notes: z.string().max(5000).optional().openapi({ description: "Findings, usually sent with `resolved`" }),
    actor_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "An addition: who acts, recorded in the history; default the key's id" }),
  })
  .superRefine((b, ctx) => {
    if (b.resolution !== undefined && b.status !== "resolved") {
      ctx.addIssue({ code: "custom", path: ["resolution"], message: "resolution is recorded only with status resolved." });
    }
  })
  .openapi("UpdateAlertRequest");

export const updateAlertRoute = createRoute({
  method: "patch",
  path: "/v1/alerts/{id}",
  tags,
  summary: "Acknowledge or resolve an alert",
  middleware: apiKeyRoute("a", "alerts:write"),
  request: {
    params: idParam,
    headers: ifMatchHeaders,
    body: { required: true, content: { "application/json": { schema: UpdateAlertBody } } },
  },
  responses: {
    200: { description: "The updated alert", content: { "application/json": { schema: AlertSchema } } },
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});
