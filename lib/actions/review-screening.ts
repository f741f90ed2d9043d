"use server";

import { z } from "zod";
import { decideScreening } from "../api/screenings";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { outcomeDecisions, ReviewScreeningInputSchema } from "../schemas/screening";
import { assertEnvironment, authedAction } from "./safe-action";

// Records a reviewer's outcome on a watchlist screening as an immutable decision (POST
// /v1/decisions with screening_id). The outcome maps to decision + reason here, on the server,
// and the analyst is the signed-in one: neither is taken from the browser as such.
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
    return decideScreening(
      ctx.environment,
      { screening_id, decision, reason, notes: notes === "" ? undefined : notes, analyst_id: ctx.analyst.id },
      idempotencyKey,
    );
  });
