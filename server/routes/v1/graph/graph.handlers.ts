import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { linkGraph } from "../../../domain/graph/graph";
import { graphRoute } from "./graph.routes";

export const graphRouter = createRouter().openapi(graphRoute, async (c) => {
  const q = c.req.valid("query");
  return c.json(await linkGraph(c.get("db"), keyScope(c), { userId: q.user_id, depth: q.depth as 1 | 2, limit: q.limit }), 200);
});
