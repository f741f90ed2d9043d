import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors } from "../../../http/openapi";

const tags = ["Dashboard: overview"];
const count = z.number().int().min(0);

const ScoresDaySchema = z
  .object({
    date: z.string().openapi({ example: "2026-11-21", description: "UTC calendar day" }),
    allow: count,
    challenge: count,
    block: count,
  })
  .openapi("OverviewScoresDay");

const AlertTypeCountsSchema = z
  .object({ alert_type: z.string(), total: count, low: count, medium: count, high: count, critical: count })
  .openapi("OverviewAlertTypeCounts");

export const OverviewSchema = z
  .object({
    object: z.literal("overview"),
    environment: z.enum(["live", "test"]),
    generated_at: z.string(),
    scores_by_day: z.array(ScoresDaySchema).openapi({
      description: "Live scores per UTC day by the engine's decision, the last 14 days (today included), oldest first, zero-filled",
    }),
    open_alerts: z
      .object({ total: count, by_type: z.array(AlertTypeCountsSchema) })
      .openapi({ description: "Alerts with status `open`, per type and severity; every known type appears" }),
    acknowledged_alerts: count.openapi({ description: "Alerts with status `acknowledged`: taken up by someone, not yet resolved" }),
    cases_by_status: z.object({ open: count, in_review: count, resolved: count, closed: count }),
    pending_screenings: count.openapi({ description: "Screenings whose review_state is `pending_review`" }),
    pending_verifications: count.openapi({ description: "Identity verifications whose status is `pending`" }),
  })
  .openapi("Overview");

const WorkloadCounts = { open: count, in_review: count, total: count };

export const WorkloadSchema = z
  .object({
    object: z.literal("case_workload"),
    environment: z.enum(["live", "test"]),
    data: z
      .array(z.object({ assignee_id: z.string(), ...WorkloadCounts }))
      .openapi({ description: "Per assignee with at least one open or in-review case, busiest first" }),
    unassigned: z.object(WorkloadCounts),
  })
  .openapi("CaseWorkload");

export const getOverviewRoute = createRoute({
  method: "get",
  path: "/api/v1/overview",
  tags,
  summary: "Counts for the console's overview: scores per day, open alerts, cases, pending reviews",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: {
    200: { description: "The overview of this environment", content: { "application/json": { schema: OverviewSchema } } },
    ...commonErrors,
  },
});

export const getWorkloadRoute = createRoute({
  method: "get",
  path: "/api/v1/overview/workload",
  tags,
  summary: "Open and in-review cases per assignee (leads)",
  middleware: consoleRoute("lead", "admin"),
  responses: {
    200: { description: "The case workload of this environment", content: { "application/json": { schema: WorkloadSchema } } },
    ...commonErrors,
  },
});
