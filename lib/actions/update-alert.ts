"use server";

import { updateAlert } from "../api/alerts";
import { UpdateAlertInputSchema } from "../schemas/alert";
import { ConsoleEnvironmentSchema } from "../schemas/environment";
import { assertEnvironment, authedAction } from "./safe-action";

// Acknowledge or resolve an alert (PATCH /v1/alerts/{id}); the notes are kept with either status.
export const updateAlertAction = authedAction
  .metadata({ actionName: "updateAlert", minRole: "analyst" })
  .inputSchema(UpdateAlertInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return updateAlert(ctx.environment, input);
  });
