"use server";

import { createBacktest } from "../api/backtests";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { StartBacktestInputSchema } from "../schemas/period";
import { assertEnvironment, authedAction } from "./safe-action";

// Queues a backtest of the policy page's draft (bands and rules as they stand, saved or not) over
// a period of stored live scores; the page then polls it (get-backtest.ts).
export const startBacktestAction = authedAction
  .metadata({ actionName: "startBacktest", minRole: "lead" })
  .inputSchema(StartBacktestInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, ...body }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return createBacktest(ctx.environment, ctx.analyst, body);
  });
