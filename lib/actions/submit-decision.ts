"use server";

import { z } from "zod";
import { createTransactionDecision } from "../api/decisions";
import { DecisionFormSchema } from "../schemas/decision";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

// Records a manual decision on a transaction (POST /v1/decisions). The analyst is the signed-in
// one (`ctx.analyst`), never a form field: the audit record must name who really decided.
export const submitDecisionAction = authedAction
  .metadata({ actionName: "submitDecision", minRole: "analyst" })
  .inputSchema(
    DecisionFormSchema.extend({
      environment: ConsoleEnvironmentSchema,
      // One per submission attempt: a double click or a retry after a timeout records one decision.
      idempotencyKey: z.uuid(),
    }),
  )
  .action(async ({ parsedInput: { environment, idempotencyKey, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return createTransactionDecision(ctx.environment, ctx.analyst.id, input, idempotencyKey);
  });
