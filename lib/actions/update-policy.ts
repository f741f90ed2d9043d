"use server";

import { getPolicy, patchPolicy } from "../api/policies";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { UpdatePolicyInputSchema } from "../schemas/policy";
import { describePolicyNow } from "./policy-conflict";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Saves score bands and/or rules with PATCH, on the version the form started from (If-Match): a
// save over another administrator's newer change is refused, says who saved what, and may be redone.
export const updatePolicyAction = authedAction
  .metadata({ actionName: "updatePolicy", minRole: "admin" })
  .inputSchema(UpdatePolicyInputSchema.safeExtend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, ...patch }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => patchPolicy(ctx.environment, ctx.analyst, patch, version),
      () => describePolicyNow(ctx.analyst, "decision policy", () => getPolicy(ctx.environment, ctx.analyst)),
    );
  });
