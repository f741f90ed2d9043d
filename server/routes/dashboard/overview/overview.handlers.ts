import { createRouter } from "../../../http/router";
import { getCaseWorkload, getOverview } from "../../../domain/overview/overview";
import { consoleScope } from "../../../http/key-scope";
import { getOverviewRoute, getWorkloadRoute } from "./overview.routes";

export const overviewRouter = createRouter()
  .openapi(getOverviewRoute, async (c) => c.json(await getOverview(c.get("db"), consoleScope(c)), 200))
  .openapi(getWorkloadRoute, async (c) => c.json(await getCaseWorkload(c.get("db"), consoleScope(c)), 200));
