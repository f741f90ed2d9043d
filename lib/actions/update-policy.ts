"use server";

import { returnServerError } from "next-safe-action";
import { getPolicy, patchPolicy } from "../api/policies";
import { ConsoleEnvironmentSchema } from "../schemas/environment";
import { UpdatePolicyInputSchema } from "../schemas/policy";
import type { SafeError } from "../schemas/safe-error";
import { assertEnvironment, authedAction } from "./safe-action";

// Saves score bands and/or rules with PATCH. The API has no conditional write, so the version the
// form started from is compared first: a save over another administrator's newer change is
// refused instead of silently undoing it (a narrow race remains between the check and the write).
export const updatePolicyAction = authedAction
  .metadata({ actionName: "updatePolicy", minRole: "admin" })
  .inputSchema(UpdatePolicyInputSchema.safeExtend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, ...patch }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    const current = await getPolicy(ctx.environment, ctx.analyst);
    if (current.version !== version) {
      returnServerError<SafeError>({
        message: "The policy was changed by someone else since this page was loaded. Reload to see their change, then make yours again.",
        code: "policy_changed",
        status: 409,
      });
    }
    return patchPolicy(ctx.environment, ctx.analyst, patch);
  });
