"use server";

import { getDetectionPolicy, putDetectionPolicy } from "../api/policies";
import { UpdateDetectionPolicyInputSchema } from "../schemas/detection-policy";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { describePolicyNow } from "./policy-conflict";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Replaces the detection thresholds (PUT) on the version the form started from (If-Match): a PUT
// would otherwise reset whatever another administrator just changed.
export const updateDetectionPolicyAction = authedAction
  .metadata({ actionName: "updateDetectionPolicy", minRole: "admin" })
  .inputSchema(UpdateDetectionPolicyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, detectors }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => putDetectionPolicy(ctx.environment, ctx.analyst, detectors, version),
      () => describePolicyNow(ctx.analyst, "detection thresholds", () => getDetectionPolicy(ctx.environment, ctx.analyst)),
    );
  });
