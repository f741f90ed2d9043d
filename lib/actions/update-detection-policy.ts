"use server";

import { returnServerError } from "next-safe-action";
import { getDetectionPolicy, putDetectionPolicy } from "../api/policies";
import { UpdateDetectionPolicyInputSchema } from "../schemas/detection-policy";
import { ConsoleEnvironmentSchema } from "../schemas/environment";
import type { SafeError } from "../schemas/safe-error";
import { assertEnvironment, authedAction } from "./safe-action";

// Replaces the detection thresholds (PUT). As with the policy, the version the form started from
// must still be current: a PUT would otherwise reset whatever another administrator just changed.
export const updateDetectionPolicyAction = authedAction
  .metadata({ actionName: "updateDetectionPolicy", minRole: "admin" })
  .inputSchema(UpdateDetectionPolicyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, detectors }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    const current = await getDetectionPolicy(ctx.environment, ctx.analyst);
    if (current.version !== version) {
      returnServerError<SafeError>({
        message: "The detection thresholds were changed by someone else since this page was loaded. Reload to see their change, then make yours again.",
        code: "detection_policy_changed",
        status: 409,
      });
    }
    return putDetectionPolicy(ctx.environment, ctx.analyst, detectors);
  });
