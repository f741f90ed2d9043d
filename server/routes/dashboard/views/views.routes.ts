import { createRoute, z } from "@hono/zod-openapi";
import { ifMatchHeaders } from "../../../http/if-match";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { changeRequired } from "../../../http/validation";
import { savedViewQueues } from "../../../db/schema";

const tags = ["Dashboard: saved views"];

const filtersDescription =
  "The queue's list filters by name, each a string. Alerts: status (open, acknowledged, resolved, all), severity, alert_type, user_id, sla_state, age (1h, 24h, 3d, 7d: older than), start_time and end_time (UTC days, YYYY-MM-DD). Cases: status, severity, case_type, assignee_id (an analyst of the account, none: unassigned, or me: the analyst who opens the view, so a shared view of one's own cases shows each viewer theirs), sla_state, age. An unknown key or value is 400 naming it (`filters.<key>`).";

const Name = z.string().trim().min(1).max(80).openapi({ description: "1–80 characters, unique per owner and queue (ignoring case): 409" });
const Filters = z.record(z.string(), z.string()).openapi({ description: filtersDescription });
const Sort = z.string().min(1).max(40).openapi({
  description: "One of the queue's orders. Alerts: created_at, severity, due_at. Cases: priority, created_at, due_at",
});
const Shared = z.boolean().openapi({ description: "Shared with the team (leads and admins only; an analyst: 403)" });

export const SavedViewSchema = z
  .object({
    object: z.literal("saved_view"),
    id: z.string(),
    queue: z.enum(savedViewQueues),
    name: z.string(),
    filters: z.record(z.string(), z.string()),
    sort: z.string(),
    shared: z.boolean(),
    owner_id: z.string(),
    owner_name: z.string(),
    is_default: z.boolean().openapi({ description: "The caller's default view of this queue" }),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("SavedView");

export const SavedViewListSchema = z
  .object({ object: z.literal("list"), data: z.array(SavedViewSchema) })
  .openapi("SavedViewList", { description: "The caller's own views first, then the team's, each by name" });

export const SavedViewDefaultSchema = z
  .object({
    object: z.literal("saved_view_default"),
    queue: z.enum(savedViewQueues),
    view: z.union([SavedViewSchema, z.null()]),
  })
  .openapi("SavedViewDefault");

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" } }),
});

const viewResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: SavedViewSchema } },
});

export const listViewsRoute = createRoute({
  method: "get",
  path: "/api/v1/views",
  tags,
  summary: "The caller's saved views of a queue and those shared with the team",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: { query: z.object({ queue: z.enum(savedViewQueues) }) },
  responses: {
    200: { description: "The views", content: { "application/json": { schema: SavedViewListSchema } } },
    ...commonErrors,
  },
});

export const createViewRoute = createRoute({
  method: "post",
  path: "/api/v1/views",
  tags,
  summary: "Save a named filter and sort set of a queue",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .strictObject({
              queue: z.enum(savedViewQueues),
              name: Name,
              filters: Filters.default({}),
              sort: Sort,
              shared: Shared.optional(),
            })
            .openapi("CreateSavedViewRequest"),
        },
      },
    },
  },
  responses: { 201: viewResponse("The new view"), ...commonErrors, ...errorResponses(409) },
});

export const updateViewRoute = createRoute({
  method: "patch",
  path: "/api/v1/views/{id}",
  tags,
  summary: "Rename a view or change its filters, order or sharing (its owner)",
  description: "Another analyst's view kept to themselves is 404; someone else's shared view 403. A stale If-Match is 409.",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    params: idParam,
    headers: ifMatchHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: changeRequired(
            z.strictObject({ name: Name.optional(), filters: Filters.optional(), sort: Sort.optional(), shared: Shared.optional() }),
          ).openapi("UpdateSavedViewRequest"),
        },
      },
    },
  },
  responses: { 200: viewResponse("The changed view"), ...commonErrors, ...errorResponses(404, 409) },
});

export const deleteViewRoute = createRoute({
  method: "delete",
  path: "/api/v1/views/{id}",
  tags,
  summary: "Delete a view (its owner; a lead or admin may delete a shared one)",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: { params: idParam, headers: ifMatchHeaders },
  responses: {
    200: {
      description: "The view is gone (and anyone's default on it)",
      content: {
        "application/json": {
          schema: z.object({ object: z.literal("saved_view"), id: z.string(), deleted: z.literal(true) }).openapi("DeletedSavedView"),
        },
      },
    },
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});

export const setDefaultViewRoute = createRoute({
  method: "put",
  path: "/api/v1/views/default",
  tags,
  summary: "The view the caller's queue opens on (null: none)",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .strictObject({
              queue: z.enum(savedViewQueues),
              view_id: z
                .union([z.string().min(1).max(200), z.null()])
                .openapi({ description: "A view of that queue the caller sees (own or shared), or null" }),
            })
            .openapi("SetDefaultSavedViewRequest"),
        },
      },
    },
  },
  responses: {
    200: { description: "The default", content: { "application/json": { schema: SavedViewDefaultSchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});
