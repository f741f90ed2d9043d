"use server";

import { getSlaPolicy, putSlaPolicy } from "../api/desk";
import { UpdateSlaPolicyInputSchema } from "../schemas/sla-policy";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { describePolicyNow } from "./policy-conflict";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";

// Replaces the SLA due times (PUT, admin) on the version the form started from (If-Match).
export const updateSlaPolicyAction = authedAction
  .metadata({ actionName: "updateSlaPolicy", minRole: "admin" })
  .inputSchema(UpdateSlaPolicyInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, version, ...body }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return writeOrConflict(
      () => putSlaPolicy(ctx.environment, ctx.analyst, body, version),
      () => describePolicyNow(ctx.analyst, "SLA policy", () => getSlaPolicy(ctx.environment, ctx.analyst)),
    );
  });
