import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { listAlertClusters } from "../../../domain/alerts/clusters";
import { listAlertClustersRoute } from "./alert-clusters.routes";

export const alertClustersRouter = createRouter().openapi(listAlertClustersRoute, async (c) => {
  const q = c.req.valid("query");
  return c.json(await listAlertClusters(c.get("db"), keyScope(c), { limit: q.limit, alertId: q.alert_id }), 200);
});
