"use server";

import { updateSavedView } from "../api/views";
import { RenameViewInputSchema } from "../schemas/saved-view";
import { assertEnvironment, authedAction } from "./safe-action";

// Renames one of the analyst's own views, on the version the menu showed (If-Match).
export const renameViewAction = authedAction
  .metadata({ actionName: "renameView" })
  .inputSchema(RenameViewInputSchema)
  .action(async ({ parsedInput: { environment, id, version, name }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return updateSavedView(environment, ctx.analyst, id, { name }, version);
  });
