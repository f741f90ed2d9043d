"use server";

import { revokeApiKey } from "../api/api-keys";
import { RevokeApiKeyInputSchema } from "../schemas/api-key";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

export const revokeApiKeyAction = authedAction
  .metadata({ actionName: "revokeApiKey", minRole: "admin" })
  .inputSchema(RevokeApiKeyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput, ctx }) => {
    assertEnvironment(ctx.environment, parsedInput.environment);
    return revokeApiKey(ctx.environment, ctx.analyst, parsedInput.id);
  });
