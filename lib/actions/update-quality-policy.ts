"use server";

import { getQualityPolicy, putQualityPolicy } from "../api/quality";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { UpdateQualityPolicyInputSchema } from "../schemas/quality-review";
import { describePolicyNow } from "./policy-conflict";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Sets the share of resolved cases drawn for a blind second review, on the version the form showed.
export const updateQualityPolicyAction = authedAction
  .metadata({ actionName: "updateQualityPolicy", minRole: "admin" })
  .inputSchema(UpdateQualityPolicyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, sample_rate }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => putQualityPolicy(ctx.environment, ctx.analyst, sample_rate, version),
      () => describePolicyNow(ctx.analyst, "quality review policy", () => getQualityPolicy(ctx.environment, ctx.analyst)),
    );
  });
