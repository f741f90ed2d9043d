"use server";

import { decideApproval } from "../api/approvals";
import { DecideApprovalInputSchema } from "../schemas/approval";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

// Approves or rejects a held action as the signed-in lead or admin. The API proves who decides
// from the console token and refuses the maker (403), so nothing here names the decider.
export const decideApprovalAction = authedAction
  .metadata({ actionName: "decideApproval", minRole: "lead" })
  .inputSchema(DecideApprovalInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, approval_id, verdict, reason }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return decideApproval(ctx.environment, ctx.analyst, approval_id, verdict, reason);
  });
