"use server";

import { setDefaultSavedView } from "../api/views";
import { DefaultViewInputSchema } from "../schemas/saved-view";
import { assertEnvironment, authedAction } from "./safe-action";

// The view the analyst's queue opens on when its address has no parameters (null: none).
export const setDefaultViewAction = authedAction
  .metadata({ actionName: "setDefaultView" })
  .inputSchema(DefaultViewInputSchema)
  .action(async ({ parsedInput: { environment, queue, viewId }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return setDefaultSavedView(environment, ctx.analyst, queue, viewId);
  });
