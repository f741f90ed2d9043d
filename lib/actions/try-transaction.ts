"use server";

import { analyzeLabelled } from "../api/analysis";
import { getTransaction } from "../api/transactions";
import { TryTransactionFormSchema } from "../schemas/policy";
import { authedAction } from "./safe-action";

// "Try this transaction against the draft": the stored transaction is analysed again in labelled
// mode (no trace: not live traffic) and the browser decides the fresh score with the draft.
export const tryTransactionAction = authedAction
  .metadata({ actionName: "tryTransaction", minRole: "admin" })
  .inputSchema(TryTransactionFormSchema)
  .action(async ({ parsedInput: { id }, ctx }) => {
    const transaction = await getTransaction(ctx.environment, id);
    const analysis = await analyzeLabelled(ctx.environment, transaction);
    return {
      transaction: {
        id: transaction.transaction_id,
        amount: transaction.amount,
        currency: transaction.currency,
        payment_method_type: transaction.payment_method.type,
        merchant_id: transaction.merchant?.id ?? null,
        merchant_category: transaction.merchant?.category ?? null,
        risk_score: transaction.risk_score,
        decision: transaction.decision,
        created_at: transaction.created_at,
      },
      analysis: {
        risk_score: analysis.risk_score,
        signals: analysis.signals.map((s) => s.name),
        model_version: analysis.model_version,
        mode: analysis.mode,
      },
    };
  });
