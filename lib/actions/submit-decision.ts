"use server";

import { z } from "zod";
import { createTransactionDecision } from "../api/decisions";
import { transactionSnapshot } from "../api/snapshots";
import { getTransaction } from "../api/transactions";
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
    // What the page showed (a score never changes): best effort, the decision stands without it.
    const shown = await getTransaction(ctx.environment, input.transaction_id, { timeoutMs: 3000 }).catch(() => null);
    return createTransactionDecision(ctx.environment, ctx.analyst.id, input, idempotencyKey, shown && transactionSnapshot(shown));
  });
