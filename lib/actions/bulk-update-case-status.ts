"use server";

import { updateCase } from "../api/cases";
import { toSafeError } from "../api/errors";
import { BULK_CONCURRENCY, BulkStatusInputSchema, mapBounded, summariseBulk } from "./bulk-case-results";
import { assertEnvironment, authedAction } from "./safe-action";

// Bulk status change from the lead's case queue. The API decides what is legal: a case that cannot
// make the move answers 422 invalid_state_transition, reported for that case with its request id,
// while the others still move. The actor is the signed-in lead.
export const bulkUpdateCaseStatusAction = authedAction
  .metadata({ actionName: "bulkUpdateCaseStatus", minRole: "lead" })
  .inputSchema(BulkStatusInputSchema)
  .action(async ({ parsedInput: { environment, case_ids, status }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    const settled = await mapBounded(case_ids, BULK_CONCURRENCY, (id) => updateCase(ctx.environment, ctx.analyst.id, { id, status }));
    return summariseBulk(case_ids, settled, toSafeError);
  });
