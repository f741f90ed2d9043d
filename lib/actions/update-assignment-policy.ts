"use server";

import { getAssignmentPolicy, putAssignmentPolicy } from "../api/desk";
import { UpdateAssignmentPolicyInputSchema } from "../schemas/assignment-policy";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { describePolicyNow } from "./policy-conflict";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Replaces the assignment policy (PUT, leads and admins) on the version the form started from.
export const updateAssignmentPolicyAction = authedAction
  .metadata({ actionName: "updateAssignmentPolicy", minRole: "lead" })
  .inputSchema(UpdateAssignmentPolicyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, ...body }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => putAssignmentPolicy(ctx.environment, ctx.analyst, body, version),
      () => describePolicyNow(ctx.analyst, "assignment policy", () => getAssignmentPolicy(ctx.environment, ctx.analyst)),
    );
  });
