"use server";

import { createAnalyst } from "../api/analysts";
import { CreateAnalystInputSchema } from "../schemas/analyst";
import { authedAction } from "./safe-action";

// Analysts belong to the account, not to an environment: no environment check here.
export const createAnalystAction = authedAction
  .metadata({ actionName: "createAnalyst", minRole: "admin" })
  .inputSchema(CreateAnalystInputSchema)
  .action(async ({ parsedInput, ctx }) => createAnalyst(ctx.analyst, parsedInput));
