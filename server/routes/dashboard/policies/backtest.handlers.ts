import { createRouter } from "../../../http/router";
import { consoleScope } from "../../../http/key-scope";
import { notFound } from "../../../core/errors";
import { createBacktest, findBacktest, serializeBacktest } from "../../../domain/backtest/backtest";
import { createBacktestRoute, getBacktestRoute } from "./backtest.routes";

export const backtestRouter = createRouter()
  .openapi(createBacktestRoute, async (c) => {
    const body = c.req.valid("json");
    const row = await createBacktest(c.get("db"), c.get("deps").jobs, consoleScope(c), {
      draft: body.draft,
      start: body.start_time,
      end: body.end_time,
      analystId: c.get("analyst")!.analystId,
    });
    return c.json(serializeBacktest(row), 202);
  })
  .openapi(getBacktestRoute, async (c) => {
    const row = await findBacktest(c.get("db"), consoleScope(c), c.req.valid("param").id);
    if (!row) throw notFound("backtest");
    return c.json(serializeBacktest(row), 200);
  });
