"use server";

import { BulkStatusInputSchema } from "./bulk-case-results";
import { bulkUpdateCases } from "./bulk-case-write";
import { assertEnvironment, authedAction } from "./safe-action";

// Bulk status change from the lead's case queue. The API decides what is legal: a case that cannot
// make the move answers 422 invalid_state_transition, reported for that case with its request id,
// while the others still move. The actor is the signed-in lead.
export const bulkUpdateCaseStatusAction = authedAction
  .metadata({ actionName: "bulkUpdateCaseStatus", minRole: "lead" })
  .inputSchema(BulkStatusInputSchema)
  .action(async ({ parsedInput: { environment, cases, status, resolution }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return bulkUpdateCases(ctx.environment, ctx.analyst, cases, { status, resolution });
  });
