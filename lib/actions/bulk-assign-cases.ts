"use server";

import { BulkAssignInputSchema } from "./bulk-case-results";
import { bulkUpdateCases } from "./bulk-case-write";
import { assertEnvironment, authedAction } from "./safe-action";

// Bulk assign (or unassign) from the lead's case queue: one PATCH /v1/cases/{id} per case, a few
// at a time, each case's failure reported with its request id. The actor is the signed-in lead.
export const bulkAssignCasesAction = authedAction
  .metadata({ actionName: "bulkAssignCases", minRole: "lead" })
  .inputSchema(BulkAssignInputSchema)
  .action(async ({ parsedInput: { environment, cases, assignee_id }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return bulkUpdateCases(ctx.environment, ctx.analyst, cases, { assignee_id });
  });
