"use server";

import { createSavedView } from "../api/views";
import { SaveViewInputSchema } from "../schemas/saved-view";
import { assertEnvironment, authedAction } from "./safe-action";

// "Save current view…": the queue's URL filters and order under a name; sharing is for leads and
// admins (the API refuses an analyst's with 403, whose message the dialog shows).
export const saveViewAction = authedAction
  .metadata({ actionName: "saveView" })
  .inputSchema(SaveViewInputSchema)
  .action(async ({ parsedInput: { environment, ...body }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return createSavedView(environment, ctx.analyst, body);
  });
