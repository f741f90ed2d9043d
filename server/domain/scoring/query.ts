import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decisions, transactions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { serializeAssessment, type TransactionRow } from "./serialize";

export async function findTransaction(db: Db, scope: Scope, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(inScope(transactions, scope, eq(transactions.id, id)))
    .limit(1);
  return row;
}

/** The assessment with its decision chain, or undefined when the id names nothing in this scope. */
export async function getAssessment(db: Db, scope: Scope, id: string) {
  const row = await findTransaction(db, scope, id);
  if (!row) return undefined;
  const chain = await db
    .select()
    .from(decisions)
    .where(inScope(decisions, scope, eq(decisions.transactionId, id)))
    .orderBy(asc(decisions.seq));
  return serializeAssessment(row, chain);
}
