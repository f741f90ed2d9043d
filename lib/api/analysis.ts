import "server-only";

import { randomUUID } from "node:crypto";
import type { ConsoleEnvironment } from "../schemas/environment";
import { apiB } from "./client";
import { type Transaction, type TransactionAnalysis } from "./wire";
import { TransactionAnalysisSchema } from "./wire-schemas";

// Surface B's labelled analysis (`POST /api/v1/transactions/analyze/sandbox`): the same model as
// live scoring, but not live traffic, so trying a stored transaction again leaves no trace in its
// user's history, velocity, alerts or the event log (spec 1, item 4).

/** The stored transaction's request as far as the assessment keeps it (no card expiry, no metadata). */
export function requestOf(transaction: Transaction) {
  const pm = transaction.payment_method;
  return {
    amount: transaction.amount,
    currency: transaction.currency,
    payment_method: {
      type: pm.type,
      ...(pm.card_bin ? { card_bin: pm.card_bin } : {}),
      ...(pm.last_four ? { last_four: pm.last_four } : {}),
      ...(pm.wallet_type ? { wallet_type: pm.wallet_type } : {}),
    },
    user: {
      id: transaction.user_id,
      ...(transaction.email ? { email: transaction.email } : {}),
      ...(transaction.ip_address ? { ip_address: transaction.ip_address } : {}),
      ...(transaction.phone ? { phone: transaction.phone } : {}),
    },
    ...(transaction.merchant && (transaction.merchant.id || transaction.merchant.category)
      ? {
          merchant: {
            ...(transaction.merchant.id ? { id: transaction.merchant.id } : {}),
            ...(transaction.merchant.category ? { category: transaction.merchant.category } : {}),
          },
        }
      : {}),
    ...(transaction.session_id ? { session_id: transaction.session_id } : {}),
  };
}

export async function analyzeLabelled(environment: ConsoleEnvironment, transaction: Transaction): Promise<TransactionAnalysis> {
  return apiB(environment, "/api/v1/transactions/analyze/sandbox", {
    method: "POST",
    body: requestOf(transaction),
    // A fresh key per try: a try is not a retry, and its stored result is only kept for replay.
    headers: { "X-Idempotency-Key": `try-${randomUUID()}` },
    schema: TransactionAnalysisSchema,
  });
}
