"use server";

import { z } from "zod";
import { updateAnalyst } from "../api/analysts";
import { UpdateAnalystInputSchema } from "../schemas/analyst";
import { authedAction } from "./safe-action";

// Analysts belong to the account, not to an environment: no environment check here. The API ends
// the analyst's sessions when the role changes or they are disabled.
export const updateAnalystAction = authedAction
  .metadata({ actionName: "updateAnalyst", minRole: "admin" })
  .inputSchema(z.object({ id: z.string().min(1).max(200), change: UpdateAnalystInputSchema }))
  .action(async ({ parsedInput, ctx }) => updateAnalyst(ctx.analyst, parsedInput.id, parsedInput.change));
