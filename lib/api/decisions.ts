import "server-only";

import { type DecisionRecord } from "./wire";
import { DecisionRecordSchema } from "./wire-schemas";
import type { DecisionFormValues } from "../schemas/decision";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { Snapshot } from "./snapshots";
import { apiA } from "./client";

// Decisions on transactions (`POST /v1/decisions`). The chain is read with the
// transaction (`GET /v1/transactions/{id}` returns every decision, oldest first), so no list call
// is needed here. Screening decisions share the endpoint but live in lib/api/screenings.ts: this
// module only ever sends `transaction_id`.

/** Records an immutable decision; a correction is simply a newer one for the same transaction. */
export async function createTransactionDecision(
  environment: ConsoleEnvironment,
  analystId: string,
  input: DecisionFormValues,
  idempotencyKey: string,
  snapshot?: Snapshot | null,
): Promise<DecisionRecord> {
  const body = {
    transaction_id: input.transaction_id,
    decision: input.decision,
    reason: input.reason,
    notes: input.notes,
    analyst_id: analystId,
    ...(snapshot ? { snapshot } : {}),
  };
  return apiA(environment, "/v1/decisions", { method: "POST", body, idempotencyKey, schema: DecisionRecordSchema });
}
