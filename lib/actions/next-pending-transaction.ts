"use server";

import { z } from "zod";
import { nextPendingTransaction } from "../api/transactions";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

// "Decide and go to the next" in the Needs review queue: after a decision, the pending transaction
// that follows the decided one in the queue's order (oldest first), else the oldest still pending.
export const nextPendingTransactionAction = authedAction
  .metadata({ actionName: "nextPendingTransaction", minRole: "analyst" })
  .inputSchema(
    z.object({
      environment: ConsoleEnvironmentSchema,
      transaction_id: z.string().min(1).max(255),
      created_at: z.iso.datetime({ offset: true }),
    }),
  )
  .action(async ({ parsedInput: { environment, transaction_id, created_at }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return { transaction_id: await nextPendingTransaction(ctx.environment, { transaction_id, created_at }) };
  });
