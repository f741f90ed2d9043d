import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, paginationQuery } from "../../../http/openapi";
import { severityLevels } from "../../../db/schema";
import { AlertSchema } from "../alerts/alerts.routes";

const SharedEntitySchema = z
  .object({
    id: z.string().openapi({ example: "device:dev_01jd2x3y4z", description: "`<type>:<value>`, the node id of `GET /v1/graph`" }),
    type: z.enum(["user", "device", "card", "ip"]),
    label: z.string().openapi({ example: "411111 •••• 1111" }),
    alert_ids: z.array(z.string()).openapi({ description: "The cluster's alerts that share it (two or more)" }),
  })
  .openapi("AlertClusterShared");

export const AlertClusterSchema = z
  .object({
    object: z.literal("alert_cluster"),
    cluster_id: z.string().openapi({ description: "The lowest alert id of the cluster: stable while that alert stays in it" }),
    size: z.number().int().openapi({ description: "Number of alerts, two or more" }),
    severity: z.enum(severityLevels).openapi({ description: "The highest severity among its alerts" }),
    alert_ids: z.array(z.string()),
    alerts: z.array(AlertSchema).openapi({ description: "Most severe first, then oldest first" }),
    shared: z
      .array(SharedEntitySchema)
      .openapi({ description: "What joins them: entities used by two or more of its alerts, most shared first" }),
    truncated: z
      .boolean()
      .openapi({ description: "True when an alert's members were read only in part (1,000 users and 1,000 transactions each)" }),
  })
  .openapi("AlertCluster");

export const listAlertClustersRoute = createRoute({
  method: "get",
  path: "/v1/alert-clusters",
  tags: ["Alerts"],
  summary: "Related unfinished alerts grouped by a shared user, device, card or client IP (an addition)",
  middleware: apiKeyRoute("a", "alerts:read", "alerts:write"),
  request: {
    query: z.object({
      alert_id: z.string().min(1).optional().openapi({ description: "Only the cluster that holds this alert (empty if it is in none)" }),
      limit: paginationQuery.limit.openapi({ description: "Clusters returned, 1 to 100, default 20" }),
    }),
  },
  responses: {
    200: {
      description: "Clusters of two or more alerts, most severe first",
      content: {
        "application/json": {
          schema: z
            .object({
              object: z.literal("list"),
              data: z.array(AlertClusterSchema),
              has_more: z.boolean(),
              next_cursor: z.null(),
              truncated: z.boolean().openapi({ description: "True when not every unfinished alert, or not every member, was read" }),
            })
            .openapi("AlertClusterList"),
        },
      },
    },
    ...commonErrors,
  },
});
