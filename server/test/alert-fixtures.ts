import type { Db } from "../db/client";
import { transactions } from "../db/schema";
import { scopeValues, type Scope } from "../db/scope";
import { newId } from "../core/ids";

/**
 * A stored live transaction for tests of alerts and cases (the risk engine owns the table and
 * writes it in production; these tests only need rows to reference and amounts to sum).
 */
export async function insertTransaction(
  db: Db,
  scope: Scope,
  t: { userId: string; amount?: number; currency?: string; id?: string; card?: string; ip?: string; device?: string },
): Promise<string> {
  const id = t.id ?? newId("txn");
  await db.insert(transactions).values({
    id,
    ...scopeValues(scope),
    userId: t.userId,
    amount: t.amount ?? 1000,
    currency: t.currency ?? "USD",
    paymentMethodType: "card",
    // `card` is the card key, `bin:last4`.
    cardBin: t.card?.split(":")[0] ?? null,
    cardLastFour: t.card?.split(":")[1] ?? null,
    cardKey: t.card ?? null,
    deviceId: t.device ?? null,
    ipAddress: t.ip ?? null,
    riskScore: 10,
    decision: "allow",
    signals: [],
    modelVersion: "test",
    latencyMs: 1,
  });
  return id;
}
