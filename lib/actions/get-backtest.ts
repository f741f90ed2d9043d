"use server";

import { z } from "zod";
import { getBacktest } from "../api/backtests";
import { authedAction } from "./safe-action";

// One poll of a backtest: status, progress and, once it succeeded, the result.
export const getBacktestAction = authedAction
  .metadata({ actionName: "getBacktest", minRole: "analyst" })
  .inputSchema(z.object({ id: z.string().min(1).max(100) }))
  .action(async ({ parsedInput: { id }, ctx }) => getBacktest(ctx.environment, ctx.analyst, id));
