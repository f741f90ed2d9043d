"use server";

import { getApprovalPolicy, putApprovalPolicy } from "../api/policies";
import { UpdateApprovalPolicyInputSchema } from "../schemas/approval-policy";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { describePolicyNow } from "./policy-conflict";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Replaces the four-eyes settings (PUT) on the version the form started from (If-Match), so a save
// never silently undoes another administrator's change.
export const updateApprovalPolicyAction = authedAction
  .metadata({ actionName: "updateApprovalPolicy", minRole: "admin" })
  .inputSchema(UpdateApprovalPolicyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, ...body }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => putApprovalPolicy(ctx.environment, ctx.analyst, body, version),
      () => describePolicyNow(ctx.analyst, "approval policy", () => getApprovalPolicy(ctx.environment, ctx.analyst)),
    );
  });
