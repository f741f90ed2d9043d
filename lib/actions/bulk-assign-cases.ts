"use server";

import { updateCase } from "../api/cases";
import { toSafeError } from "../api/errors";
import { BULK_CONCURRENCY, BulkAssignInputSchema, mapBounded, summariseBulk } from "./bulk-case-results";
import { assertEnvironment, authedAction } from "./safe-action";

// Bulk assign (or unassign) from the lead's case queue: one PATCH /v1/cases/{id} per case, a few
// at a time, each case's failure reported with its request id. The actor is the signed-in lead.
export const bulkAssignCasesAction = authedAction
  .metadata({ actionName: "bulkAssignCases", minRole: "lead" })
  .inputSchema(BulkAssignInputSchema)
  .action(async ({ parsedInput: { environment, case_ids, assignee_id }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    const settled = await mapBounded(case_ids, BULK_CONCURRENCY, (id) => updateCase(ctx.environment, ctx.analyst.id, { id, assignee_id }));
    return summariseBulk(case_ids, settled, toSafeError);
  });
