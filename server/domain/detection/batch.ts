import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { arrayText } from "../../db/array-text";
import { rows, type Db } from "../../db/client";
import { detectionInbox, deviceSessions, identityVerifications, transactions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";

// One evaluation batch: inbox rows claimed for an account and environment, and the live writes
// they name, loaded once and shared by every detector.

export type TxnRow = {
  id: string;
  userId: string;
  amount: number;
  currency: string;
  cardKey: string | null;
  ip: string | null;
  deviceId: string | null;
  at: Date;
};
export type SessionRow = { id: string; userId: string | null; deviceId: string; ip: string | null; action: string | null; at: Date };
export type IdentityRow = { id: string; userId: string; documentKey: string | null; phoneKey: string | null; addressKey: string | null; at: Date };

export type Batch = {
  inboxIds: number[];
  transactions: TxnRow[];
  sessions: SessionRow[];
  identities: IdentityRow[];
};

/**
 * Claims up to `limit` pending inbox rows of the scope, oldest first. FOR UPDATE SKIP LOCKED: a
 * second runner evaluating the same account takes the next rows instead of waiting, and a claimed
 * row is deleted in the claiming transaction, so every row is evaluated exactly once.
 */
export async function claimBatch(db: Db, scope: Scope, limit: number): Promise<Batch | null> {
  const claimed = await rows<{ id: number | string; source: string; row_id: string }>(
    db,
    sql`select id, source, row_id from detection_inbox
        where account_id = ${scope.accountId} and environment = ${scope.environment}
        order by id limit ${limit} for update skip locked`,
  );
  if (claimed.length === 0) return null;
  const ids = (source: string) => claimed.filter((c) => c.source === source).map((c) => c.row_id);
  const txnIds = ids("transaction");
  const sessionIds = ids("device_session");
  const identityIds = ids("identity_verification");

  const txns = txnIds.length
    ? await db
        .select({
          id: transactions.id,
          userId: transactions.userId,
          amount: transactions.amount,
          currency: transactions.currency,
          cardKey: transactions.cardKey,
          ip: transactions.ipAddress,
          deviceId: transactions.deviceId,
          at: transactions.createdAt,
        })
        .from(transactions)
        .where(inScope(transactions, scope, anyOf(transactions.id, txnIds)))
    : [];
  const sessions = sessionIds.length
    ? await db
        .select({
          id: deviceSessions.id,
          userId: deviceSessions.userId,
          deviceId: deviceSessions.deviceId,
          ip: deviceSessions.ipAddress,
          action: deviceSessions.action,
          at: deviceSessions.createdAt,
        })
        .from(deviceSessions)
        .where(inScope(deviceSessions, scope, anyOf(deviceSessions.id, sessionIds)))
    : [];
  const identities = identityIds.length
    ? await db
        .select({
          id: identityVerifications.id,
          userId: identityVerifications.userId,
          documentKey: identityVerifications.documentKey,
          phoneKey: identityVerifications.phoneKey,
          addressKey: identityVerifications.addressKey,
          at: identityVerifications.createdAt,
        })
        .from(identityVerifications)
        .where(inScope(identityVerifications, scope, anyOf(identityVerifications.id, identityIds)))
    : [];
  const byTime = <T extends { at: Date }>(list: T[]) => list.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    inboxIds: claimed.map((c) => Number(c.id)),
    transactions: byTime(txns.map((t) => ({ ...t, amount: Number(t.amount) }))),
    sessions: byTime(sessions),
    identities: byTime(identities),
  };
}

/** Removes the evaluated rows, in the transaction that raised their alerts. */
export async function completeBatch(db: Db, batch: Batch): Promise<void> {
  await db.delete(detectionInbox).where(sql`${detectionInbox.id} = any(${arrayText(batch.inboxIds)}::bigint[])`);
}

// `column = any($1::text[])` with the ids as ONE array parameter: a batch names up to 500 rows,
// and a list of 500 parameters costs more to build and bind than the lookup itself.
const anyOf = (column: SQL.Aliased | AnyColumn, ids: string[]) => sql`${column} = any(${arrayText(ids)}::text[])`;
