"use server";

import { createApiKey } from "../api/api-keys";
import { CreateApiKeyInputSchema } from "../schemas/api-key";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

// Returns the new key's secret this once: the API never shows it again, and the console keeps it
// nowhere (no cache, no log). The browser shows it in a dialog and forgets it when closed.
export const createApiKeyAction = authedAction
  .metadata({ actionName: "createApiKey", minRole: "admin" })
  .inputSchema(CreateApiKeyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return createApiKey(ctx.environment, ctx.analyst, input);
  });
