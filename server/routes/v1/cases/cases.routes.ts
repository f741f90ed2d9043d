import { createRoute, z } from "@hono/zod-openapi";
import { slaStates } from "../../../core/sla-clock";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { changeRequired } from "../../../http/validation";
import { timeQuery } from "../../../http/time-query";
import { ifMatchHeaders } from "../../../http/if-match";
import { chainFields, snapshotWrite } from "../../schemas/snapshot";
import { heldResponse } from "../../schemas/approval";
import { caseActions, caseStatuses, caseTypes, resolutions, severityLevels } from "../../../db/schema";

const id = z.string().min(1).max(200);

export const CaseEventSchema = z
  .object({
    event_id: z.string(),
    seq: z.number().int().openapi({ description: "An addition: 1, 2, 3… per case in commit order; the last entry is the latest change" }),
    action: z.enum(caseActions),
    actor_id: z.string(),
    timestamp: z.string(),
    from: z.string().nullable().optional().openapi({ description: "status_changed, assignee_changed, severity_changed" }),
    to: z.string().nullable().optional().openapi({ description: "status_changed, assignee_changed, severity_changed" }),
    note: z.string().optional().openapi({ description: "note_added" }),
    reason: z.string().optional().openapi({ description: "assignee_changed: the `assignment_reason` given, or `auto_assignment`" }),
    due_at: z.string().optional().openapi({ description: "sla_breached: the due time that passed" }),
    transaction_ids: z.array(z.string()).optional().openapi({ description: "transactions_linked: the ids newly linked" }),
    alert_ids: z
      .array(z.string())
      .optional()
      .openapi({ description: "alerts_linked: the alerts newly linked; alerts_resolved: the alerts the case resolved" }),
    resolution: z.enum(resolutions).nullable().optional().openapi({ description: "alerts_resolved: the resolution given to them" }),
    ...chainFields,
  })
  .openapi("CaseEvent");

export const CaseSchema = z
  .object({
    object: z.literal("case"),
    case_id: z.string().openapi({ example: "case_01jd2x3y4z5a6b7c8d9e0f1g2h" }),
    title: z.string(),
    case_type: z.enum(caseTypes),
    status: z.enum(caseStatuses),
    severity: z.enum(severityLevels),
    transaction_ids: z.array(z.string()),
    user_id: z.string().nullable(),
    assignee_id: z.string().nullable().openapi({ description: "An addition: the assigned analyst" }),
    alert_id: z.string().nullable().openapi({ description: "An addition: the first linked alert (the alert the case was opened from)" }),
    alert_ids: z.array(z.string()).openapi({ description: "An addition: the linked alerts in the order they were linked" }),
    resolution: z.enum(resolutions).nullable().openapi({
      description:
        "An addition: the outcome (`confirmed_fraud`, `false_positive`, `inconclusive`) while the case is resolved or closed, else null",
    }),
    version: z.number().int().openapi({
      description: "An addition: 1 on create, +1 on every change; also the ETag. Send it as If-Match to change only this version",
    }),
    due_at: z.string().openapi({
      description: "An addition: when the SLA policy wants it finished (created_at + the due time of its severity; wall-clock time, UTC)",
    }),
    sla_state: z.enum(slaStates).openapi({
      description:
        "An addition: `on_track`, `due_soon` (the last 20 % of its due time), `breached` (past due unfinished, or a breach was recorded), `met` (finished without a breach)",
    }),
    events: z.array(CaseEventSchema).openapi({ description: "Append-only audit log in commit order (`seq`)" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Case");

export const CreateCaseBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    case_type: z.enum(caseTypes),
    transaction_ids: z.array(id).max(100).optional().openapi({ description: "Transactions of this account and environment" }),
    user_id: id.nullable().optional(),
    severity: z.enum(severityLevels).optional().openapi({ description: "Default `medium`" }),
    notes: z.string().trim().min(1).max(5000).optional().openapi({ description: "Recorded as a `note_added` entry" }),
    assignee_id: id.nullable().optional().openapi({ description: "Assigning on creation emits `case.updated`" }),
    actor_id: id.optional().openapi({ description: "Who acts (the console sends the signed-in analyst); default the key's id" }),
    alert_id: id.optional().openapi({
      description:
        "An addition: the alert the case is opened from (its first linked alert). Unknown: 404. An alert that belongs to a case not closed yet: 422 (one case at a time per alert).",
    }),
    alert_ids: z.array(id).max(100).optional().openapi({
      description:
        "An addition: alerts linked with the case (after `alert_id`), de-duplicated. Unknown in this account and environment: 404 (`param` `alert_ids.<index>`); one that belongs to another case not closed yet: 422",
    }),
    snapshot: snapshotWrite,
  })
  .openapi("CreateCaseRequest");

export const UpdateCaseBody = changeRequired(
  z.object({
    status: z.enum(caseStatuses).optional().openapi({ description: "Moves per the case status machine; illegal moves are 422" }),
    notes: z.string().trim().min(1).max(5000).optional().openapi({ description: "Appended as a `note_added` entry" }),
    assignee_id: id.nullable().optional().openapi({ description: "Reassigns; null unassigns" }),
    assignment_reason: z.string().trim().min(1).max(500).optional().openapi({
      description: "An addition: why the case changes hands, recorded as `reason` in its `assignee_changed` entry; only with `assignee_id`",
    }),
    transaction_ids: z.array(id).max(100).optional().openapi({ description: "Linked in addition to the current ones, de-duplicated" }),
    severity: z.enum(severityLevels).optional(),
    alert_ids: z
      .array(id)
      .max(100)
      .optional()
      .openapi({ description: "An addition: alerts linked in addition to the current ones, de-duplicated (404 and 422 as on create)" }),
    resolution: z.enum(resolutions).optional().openapi({
      description:
        "An addition: the outcome, with `status: resolved` or on a resolved case (else 400 with another status, 422 on a case that is not resolved). Resolving the case resolves its open and acknowledged alerts with it and the notes",
    }),
    actor_id: id.optional().openapi({ description: "Who acts; default the key's id" }),
    snapshot: snapshotWrite,
  }),
  ["actor_id", "snapshot", "assignment_reason"],
)
  .superRefine((b, ctx) => {
    if (b.assignment_reason !== undefined && b.assignee_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["assignment_reason"], message: "assignment_reason is sent with assignee_id." });
    }
    if (b.resolution !== undefined && b.status !== undefined && b.status !== "resolved") {
      ctx.addIssue({ code: "custom", path: ["resolution"], message: "resolution is recorded only with status resolved." });
    }
  })
  .openapi("UpdateCaseRequest");

export const ClaimCaseBody = z
  .object({
    assignee_id: id.openapi({ description: "The analyst who takes the case" }),
    case_type: z.enum(caseTypes).optional().openapi({ description: "Only claim a case of this type" }),
    actor_id: id.optional().openapi({ description: "Who acts; default the key's id" }),
    snapshot: snapshotWrite,
  })
  .openapi("ClaimCaseRequest");

const tags = ["Cases"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const caseResponse = (description: string) => ({ description, content: { "application/json": { schema: CaseSchema } } });

export const createCaseRoute = createRoute({
  method: "post",
  path: "/v1/cases",
  tags,
  summary: "Create a case (status open)",
  middleware: apiKeyRoute("a", "cases:write"),
  request: { body: { required: true, content: { "application/json": { schema: CreateCaseBody } } } },
  responses: { 201: caseResponse("The whole new case"), ...commonErrors, ...errorResponses(404, 409, 422) },
});

export const listCasesRoute = createRoute({
  method: "get",
  path: "/v1/cases",
  tags,
  summary: "List cases (an addition): filters, newest first or by priority",
  middleware: apiKeyRoute("a", "cases:read", "cases:write"),
  request: {
    query: z.object({
      status: z.enum(caseStatuses).optional(),
      severity: z.enum(severityLevels).optional(),
      case_type: z.enum(caseTypes).optional(),
      assignee_id: z.string().min(1).optional().openapi({ description: "An analyst id, or `none` for unassigned cases" }),
      user_id: z.string().min(1).optional(),
      alert_id: z.string().min(1).optional().openapi({ description: "Cases opened from this alert" }),
      sla_state: z.enum(slaStates).optional().openapi({ description: "An addition: cases in this SLA state" }),
      start_time: timeQuery(
        "start",
        "An addition: cases created at or after (ISO 8601; milliseconds count), e.g. what is new since a queue was read",
      ),
      end_time: timeQuery("end", "An addition: cases created before or at (ISO 8601), e.g. older than a day"),
      sort: z.enum(["created_at", "priority", "due_at"]).default("created_at").openapi({
        description:
          "`created_at` (default): newest first. `priority`: severity critical→low, then oldest first. `due_at` (an addition): soonest due first. A cursor works only with the order that issued it",
      }),
      ...paginationQuery,
    }),
  },
  responses: {
    200: { description: "A page of cases", content: { "application/json": { schema: listSchema(CaseSchema, "CaseList") } } },
    ...commonErrors,
  },
});

export const claimCaseRoute = createRoute({
  method: "post",
  path: "/v1/cases/claim",
  tags,
  summary: "Claim the next case (an addition): assigns the highest-priority unassigned open case",
  middleware: apiKeyRoute("a", "cases:write"),
  request: { body: { required: true, content: { "application/json": { schema: ClaimCaseBody } } } },
  responses: { 200: caseResponse("The claimed case"), ...commonErrors, ...errorResponses(404, 409) },
});

export const getCaseRoute = createRoute({
  method: "get",
  path: "/v1/cases/{id}",
  tags,
  summary: "Retrieve a case with its audit log",
  middleware: apiKeyRoute("a", "cases:read", "cases:write"),
  request: { params: idParam },
  responses: { 200: caseResponse("The case"), ...commonErrors, ...errorResponses(404) },
});

export const updateCaseRoute = createRoute({
  method: "patch",
  path: "/v1/cases/{id}",
  tags,
  summary: "Update a case: status, notes, assignee, linked transactions, severity",
  middleware: apiKeyRoute("a", "cases:write"),
  request: {
    params: idParam,
    headers: ifMatchHeaders,
    body: { required: true, content: { "application/json": { schema: UpdateCaseBody } } },
  },
  responses: { 200: caseResponse("The whole updated case"), 202: heldResponse, ...commonErrors, ...errorResponses(404, 409, 422) },
});
