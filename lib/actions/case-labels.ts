import "server-only";

import { createHash } from "node:crypto";
import { createTransactionDecision } from "../api/decisions";
import type { ConsoleEnvironment } from "../schemas/environment";

// Labelling a confirmed-fraud case's transactions (the outcome picker's confirmed step). Each
// decision's idempotency key is derived from what it records, so a retry of the same resolution
// (a double submit, a timeout) replays the first decision instead of recording a second.

/** A stable `Idempotency-Key` for one label of one transaction in one case (64 hex characters). */
export function caseLabelKey(caseId: string, transactionId: string, label: string): string {
  return createHash("sha256").update(`case-label\u0000${caseId}\u0000${transactionId}\u0000${label}`).digest("hex");
}

/** Labels each transaction as confirmed fraud (a `block`, reason `confirmed_fraud`), by the analyst. */
export async function labelCaseTransactions(
  environment: ConsoleEnvironment,
  analystId: string,
  kase: { case_id: string; transaction_ids: string[] },
): Promise<{ labelled: number; unlabelled: number }> {
  const outcomes = await Promise.allSettled(
    kase.transaction_ids.map((transactionId) =>
      createTransactionDecision(
        environment,
        analystId,
        {
          transaction_id: transactionId,
          decision: "block",
          reason: "confirmed_fraud",
          notes: `Confirmed fraud in case ${kase.case_id}.`,
        },
        caseLabelKey(kase.case_id, transactionId, "confirmed_fraud"),
      ),
    ),
  );
  return {
    labelled: outcomes.filter((o) => o.status === "fulfilled").length,
    unlabelled: outcomes.filter((o) => o.status === "rejected").length,
  };
}
