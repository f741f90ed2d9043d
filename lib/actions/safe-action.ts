import "server-only";

import { createSafeActionClient, returnServerError } from "next-safe-action";
import { z } from "zod";
import { ApiError, toSafeError } from "../api/errors";
import { getActiveEnvironment } from "../auth/environment";
import { getSessionAnalyst } from "../auth/guards";
import { hasRole } from "../auth/roles";
import { AnalystRoleSchema } from "../schemas/analyst";
import { roleLabels } from "../format/analyst";
import { type ConsoleEnvironment, environmentLabels } from "../schemas/environment";
import type { SafeError } from "../schemas/safe-error";

// Server actions in layers (next-safe-action v8):
//   actionClient   metadata (the action's name, its minimum role) and error mapping: an ApiError
//                  becomes its message + request id; anything else a generic message, logged here.
//   authedAction   + a signed-in analyst (re-checked on every call: actions are public endpoints)
//                  + the minimum role from metadata + the analyst's active environment in ctx.
// Define every action with `.metadata({ actionName, minRole? })`, one action per file.

export const actionClient = createSafeActionClient({
  defineMetadataSchema: () => z.object({ actionName: z.string(), minRole: AnalystRoleSchema.optional() }),
  defaultValidationErrorsShape: "flattened",
  handleServerError(error, { metadata }): SafeError {
    const safe = toSafeError(error);
    // API refusals are the analyst's business, not the operator's; failures of the console or of
    // the API's availability are. Logged with ids only: never a body, key or token.
    if (!(error instanceof ApiError)) {
      console.error(`[argus-console] action ${metadata?.actionName ?? "?"} failed:`, error);
    } else if (error.status >= 500) {
      console.error(
        `[argus-console] action ${metadata?.actionName ?? "?"}: ${error.code} (${error.status}) request_id=${error.requestId ?? "-"}`,
      );
    }
    return safe;
  },
});

export const authedAction = actionClient.use(async ({ next, metadata }) => {
  const analyst = await getSessionAnalyst();
  if (!analyst) {
    returnServerError<SafeError>({ message: "Your session has ended. Sign in again to continue.", code: "unauthenticated", status: 401 });
  }
  if (metadata.minRole && !hasRole(analyst.role, metadata.minRole)) {
    returnServerError<SafeError>({
      message: `Only a ${roleLabels[metadata.minRole].toLowerCase()} may do this.`,
      code: "forbidden",
      status: 403,
    });
  }
  const environment = await getActiveEnvironment(analyst.id);
  return next({ ctx: { analyst, environment } });
});

/**
 * For actions that change an environment's data: the environment the page showed must still be
 * the active one. Another tab may have switched it, and creating a live key while looking at
 * pre-production is exactly the mistake the switcher exists to prevent.
 */
export function assertEnvironment(active: ConsoleEnvironment, shown: ConsoleEnvironment): void {
  if (active !== shown) {
    returnServerError<SafeError>({
      message: `The console switched to ${environmentLabels[active]} in another tab. Reload the page and try again.`,
      code: "environment_changed",
      status: 409,
    });
  }
}
