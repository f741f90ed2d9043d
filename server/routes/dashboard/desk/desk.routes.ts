import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { analystRoles, availabilities, severityLevels } from "../../../db/schema";
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

export const SeverityForecastSchema = z
  .object({
    object: z.literal("severity_forecast"),
    severity: z.enum(severityLevels),
    due_seconds: z.number().int().openapi({ description: "The case due time of this severity (SLA policy)" }),
    opened: z.number().int().openapi({ description: "Cases of this severity opened in the window" }),
    resolved: z.number().int().openapi({ description: "Cases of this severity resolved in the window (once per case)" }),
    analysts_resolving: z.number().int().openapi({ description: "Analysts who resolved them" }),
    inflow_per_hour: z.number(),
    cleared_per_hour: z.number(),
    backlog: z.number().int().openapi({ description: "Open and in-review cases of this severity" }),
    overdue: z.number().int().openapi({ description: "Of those, past due" }),
    per_analyst_per_hour: z
      .number()
      .nullable()
      .openapi({ description: "cleared_per_hour / analysts_resolving; null when nothing was resolved" }),
    breach_at: z
      .string()
      .nullable()
      .openapi({ description: "When the first case not yet due breaches if nothing changes; null: on track" }),
    breach_cause: z.enum(["backlog", "inflow"]).nullable(),
    analysts_needed: z.number().int().nullable().openapi({ description: "Analysts at the recent pace that keep every case in time" }),
  })
  .openapi("SeverityForecast");

export const ForecastSchema = z
  .object({
    object: z.literal("forecast"),
    environment: z.enum(["live", "test"]),
    as_of: z.string(),
    window_hours: z.number().int(),
    analysts_available: z.number().int().openapi({ description: "Enabled analysts who are available now" }),
    data: z.array(SeverityForecastSchema).openapi({ description: "One per severity, critical first" }),
  })
  .openapi("Forecast");

export const forecastRoute = createRoute({
  method: "get",
  path: "/api/v1/forecast",
  tags,
  summary: "The breach forecast of the case queue, per severity, if nothing changes",
  description: 'Arithmetic: server/domain/desk/README.md, "Breach forecast".',
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: {
    query: z.object({
      window_hours: z.coerce
        .number()
        .int()
        .min(1)
        .max(168)
        .default(8)
        .openapi({ description: "The recent window the inflow and clearance rates are read from (hours, 1–168, default 8)" }),
    }),
  },
  responses: { 200: { description: "The forecast", content: { "application/json": { schema: ForecastSchema } } }, ...commonErrors },
});
