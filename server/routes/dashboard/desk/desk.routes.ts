import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { analystRoles, availabilities } from "../../../db/schema";
import { AnalystSchema } from "../analysts/analysts.routes";

const tags = ["Dashboard: the lead's desk"];

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const Load = {
  open: z.number().int(),
  in_review: z.number().int(),
  overdue: z.number().int().openapi({ description: "Open or in review and past due (breached)" }),
  oldest_created_at: z.string().nullable().openapi({ description: "The oldest open or in-review case's creation time" }),
  oldest_age_seconds: z.number().int().nullable(),
};

export const AnalystWorkloadSchema = z
  .object({
    object: z.literal("analyst_workload"),
    analyst_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(analystRoles),
    availability: z.enum(availabilities),
    ...Load,
    resolved_today: z.number().int().openapi({ description: "Cases assigned to them resolved since midnight in `time_zone`" }),
    resolved_7d: z.number().int().openapi({ description: "… in the last 7 × 24 hours" }),
  })
  .openapi("AnalystWorkload");

export const WorkloadSchema = z
  .object({
    object: z.literal("workload"),
    environment: z.enum(["live", "test"]),
    time_zone: z.string(),
    as_of: z.string(),
    unassigned: z.object(Load).openapi({ description: "Cases nobody holds" }),
    data: z
      .array(AnalystWorkloadSchema)
      .openapi({ description: "Every enabled analyst of the account, those with nothing included, by name" }),
  })
  .openapi("Workload");

export const workloadRoute = createRoute({
  method: "get",
  path: "/api/v1/workload",
  tags,
  summary: "Who holds what: every enabled analyst's cases, idle ones included",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    query: z.object({
      time_zone: z
        .string()
        .refine(isTimeZone, { message: "must be an IANA time zone such as Europe/Paris" })
        .default("UTC")
        .openapi({ description: "Where `today` starts (default UTC): the analyst's time zone" }),
    }),
  },
  responses: { 200: { description: "The workload", content: { "application/json": { schema: WorkloadSchema } } }, ...commonErrors },
});

export const setAvailabilityRoute = createRoute({
  method: "put",
  path: "/api/v1/analysts/{id}/availability",
  tags,
  summary: "Set an analyst available or away (themselves; leads and admins anyone)",
  description: "`away` analysts take no new work: auto-assignment skips them. A disabled analyst cannot be made available (422).",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: "id", in: "path" } }),
    }),
    body: {
      required: true,
      content: {
        "application/json": { schema: z.strictObject({ availability: z.enum(availabilities) }).openapi("SetAvailabilityRequest") },
      },
    },
  },
  responses: {
    200: { description: "The analyst", content: { "application/json": { schema: AnalystSchema } } },
    ...commonErrors,
    ...errorResponses(404, 422),
  },
});
