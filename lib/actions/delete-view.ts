"use server";

import { deleteSavedView } from "../api/views";
import { DeleteViewInputSchema } from "../schemas/saved-view";
import { assertEnvironment, authedAction } from "./safe-action";

// Deletes a view (its owner; a lead or admin a shared one), on the version the menu showed.
export const deleteViewAction = authedAction
  .metadata({ actionName: "deleteView" })
  .inputSchema(DeleteViewInputSchema)
  .action(async ({ parsedInput: { environment, id, version }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return deleteSavedView(environment, ctx.analyst, id, version);
  });
