"use server";

import { getAlert, updateAlert } from "../api/alerts";
import { alertStatusLabels } from "../format/alert";
import { UpdateAlertInputSchema } from "../schemas/alert";
import { RESOLUTION_REQUIRED, resolutionFitsStatus } from "../schemas/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Acknowledge or resolve an alert (PATCH /v1/alerts/{id}); resolving needs an outcome; the notes
// are kept with either status.
// The change applies to the version the analyst saw; if someone else acted on the alert first,
// the analyst is told how it stands now and may redo theirs.
export const updateAlertAction = authedAction
  .metadata({ actionName: "updateAlert", minRole: "analyst" })
  .inputSchema(
    UpdateAlertInputSchema.extend({ environment: ConsoleEnvironmentSchema }).refine(resolutionFitsStatus, {
      message: RESOLUTION_REQUIRED,
      path: ["resolution"],
    }),
  )
  .action(async ({ parsedInput: { environment, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => updateAlert(ctx.environment, ctx.analyst.id, input),
      async () => {
        const now = await getAlert(ctx.environment, input.id, { limit: 1 });
        const notes = now.resolution_notes ? ` Notes now: “${now.resolution_notes}”.` : "";
        return {
          version: now.version,
          changes: [`Someone else changed it: it is now ${alertStatusLabels[now.status].toLowerCase()}.${notes}`],
        };
      },
    );
  });
