"use server";

import { returnServerError } from "next-safe-action";
import { updateCase } from "../api/cases";
import { hasRole } from "../auth/roles";
import { UpdateCaseInputSchema } from "../schemas/case";
import { ConsoleEnvironmentSchema } from "../schemas/environment";
import type { SafeError } from "../schemas/safe-error";
import { assertEnvironment, authedAction } from "./safe-action";

// Status, note and assignment changes of a case (PATCH /v1/cases/{id}); the actor is always the
// signed-in analyst, so the audit log names who acted.
export const updateCaseAction = authedAction
  .metadata({ actionName: "updateCase", minRole: "analyst" })
  .inputSchema(UpdateCaseInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    // Anyone may take a case; giving it to someone else (or unassigning) is a lead's call
    // (lib/auth/README.md "Roles").
    if (input.assignee_id !== undefined && input.assignee_id !== ctx.analyst.id && !hasRole(ctx.analyst.role, "lead")) {
      returnServerError<SafeError>({ message: "Only a lead may assign a case to someone else or unassign it.", code: "forbidden", status: 403 });
    }
    return updateCase(ctx.environment, ctx.analyst.id, input);
  });
