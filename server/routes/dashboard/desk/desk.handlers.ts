import { createRouter } from "../../../http/router";
import { consoleScope } from "../../../http/key-scope";
import { setAvailability } from "../../../domain/analysts/availability";
import { serializeAnalyst } from "../../../domain/analysts/serialize";
import { queueForecast, workload } from "../../../domain/desk";
import { forecastRoute, setAvailabilityRoute, workloadRoute } from "./desk.routes";

export const deskRouter = createRouter()
  .openapi(workloadRoute, async (c) => c.json(await workload(c.get("db"), consoleScope(c), c.req.valid("query").time_zone), 200))
  .openapi(forecastRoute, async (c) => c.json(await queueForecast(c.get("db"), consoleScope(c), c.req.valid("query").window_hours), 200))
  .openapi(setAvailabilityRoute, async (c) => {
    const me = c.get("analyst")!;
    const role = me.role === "console" ? "analyst" : me.role;
    const row = await setAvailability(
      c.get("db"),
      me.accountId,
      { id: me.analystId, role },
      c.req.valid("param").id,
      c.req.valid("json").availability,
    );
    return c.json(serializeAnalyst(row), 200);
  });
