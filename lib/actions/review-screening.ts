"use server";

import { z } from "zod";
import { decideScreening, getScreening, nextPendingScreening } from "../api/screenings";
import { screeningSnapshot } from "../api/snapshots";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { outcomeDecisions, ReviewScreeningInputSchema } from "../schemas/screening";
import { assertEnvironment, authedAction } from "./safe-action";

// Records a reviewer's outcome on a watchlist screening as an immutable decision (POST
// /v1/decisions with screening_id), which the API applies to the screening's open twins too. The
// outcome maps to decision + reason here, on the server, and the analyst is the signed-in one:
// neither is taken from the browser as such. Then the oldest group still pending, to go on with.
export const reviewScreeningAction = authedAction
  .metadata({ actionName: "reviewScreening", minRole: "analyst" })
  .inputSchema(
    ReviewScreeningInputSchema.extend({
      environment: ConsoleEnvironmentSchema,
      // One per form state: a double submit or a retry after a timeout records one decision.
      idempotencyKey: z.uuid(),
    }),
  )
  .action(async ({ parsedInput: { environment, idempotencyKey, screening_id, outcome, notes }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    const { decision, reason } = outcomeDecisions[outcome];
    // What the page showed (a screening's result never changes): best effort, the review stands without it.
    const shown = await getScreening(ctx.environment, screening_id).catch(() => null);
    const made = await decideScreening(
      ctx.environment,
      {
        screening_id,
        decision,
        reason,
        notes: notes === "" ? undefined : notes,
        analyst_id: ctx.analyst.id,
        ...(shown ? { snapshot: screeningSnapshot(shown) } : {}),
      },
      idempotencyKey,
    );
    const held = made.object === "approval";
    const twins = made.object === "approval" ? [] : (made.decided_twins ?? []).map((t) => t.screening_id);
    // The next group is a convenience: the decision stands even when it cannot be read.
    const next = await nextPendingScreening(ctx.environment, [screening_id, ...twins]).catch(() => null);
    return {
      held,
      id: made.object === "approval" ? made.approval_id : made.decision_id,
      decided: held ? 0 : 1 + twins.length,
      next_screening_id: next,
    };
  });
