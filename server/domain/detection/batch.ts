import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { arrayText } from "../../db/array-text";
import { clientOf, rows, type Db } from "../../db/client";
import { deviceSessions, identityVerifications, transactions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { inboxClaims, type InboxLease } from "./inbox-claims";

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
export type IdentityRow = {
  id: string;
  userId: string;
  documentKey: string | null;
  phoneKey: string | null;
  addressKey: string | null;
  at: Date;
};

export type Batch = {
  /** The claim: the rows are this evaluation's until the lease ends (null: locked by its transaction). */
  lease: InboxLease | null;
  inboxIds: number[];
  transactions: TxnRow[];
  sessions: SessionRow[];
  identities: IdentityRow[];
};

/**
 * How long a claim holds its rows. An evaluation takes milliseconds (its run stops after 2 s); an
 * evaluation that never ends leaves its rows to the next one after this long.
 */
export const LEASE_MS = 60_000;

/**
 * How an evaluation holds its rows while the detectors read.
 * - "memory": claimed in the memory of this process (inbox-claims.ts), which writes nothing; the
 *   reads run outside any transaction. For the embedded database: one process owns it, and its one
 *   session serves the whole process, so an open transaction would hold every scoring batch until
 *   the evaluation ends.
 * - "lock": locked by the evaluation's one transaction, FOR UPDATE SKIP LOCKED (PostgreSQL: each
 *   evaluation has a connection of its own, and several processes may evaluate at once; a second
 *   runner claiming at the same moment takes the next rows instead of waiting).
 * Exactly once holds because the rows are deleted by completeBatch in the transaction that raises
 * their alerts, and only while they are still this evaluation's.
 */
export type ClaimMode = "memory" | "lock";

/**
 * Claims up to `limit` pending inbox rows of the scope, oldest first ("lock": call it inside the
 * evaluation's transaction; "memory": on the database's root, never in a transaction).
 */
export async function claimBatch(db: Db, scope: Scope, limit: number, mode: ClaimMode, leaseMs = LEASE_MS): Promise<Batch | null> {
  const pending = sql`select id, source, row_id from detection_inbox
          where account_id = ${scope.accountId} and environment = ${scope.environment}`;
  if (mode === "lock") {
    const claimed = await rows<Claimed>(db, sql`${pending} order by id limit ${limit} for update skip locked`);
    return claimed.length === 0 ? null : loadBatch(db, scope, claimed, null);
  }
  const claims = inboxClaims(clientOf(db) ?? db);
  const taken = await claims.exclusive(async () => {
    const others = claims.claimedIds();
    const free = others.length ? sql` and not (id = any(${arrayText(others)}::bigint[]))` : sql``;
    const claimed = await rows<Claimed>(db, sql`${pending}${free} order by id limit ${limit}`);
    return {
      claimed,
      lease: claims.take(
        claimed.map((c) => Number(c.id)),
        leaseMs,
      ),
    };
  });
  if (taken.claimed.length === 0) return null;
  try {
    return await loadBatch(db, scope, taken.claimed, taken.lease);
  } catch (err) {
    releaseBatch(taken.lease);
    throw err;
  }
}

type Claimed = { id: number | string; source: string; row_id: string };

/** The live writes the claimed rows name. */
async function loadBatch(db: Db, scope: Scope, claimed: Claimed[], lease: InboxLease | null): Promise<Batch> {
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
    lease,
    inboxIds: claimed.map((c) => Number(c.id)).sort((a, b) => a - b),
    transactions: byTime(txns.map((t) => ({ ...t, amount: Number(t.amount) }))),
    sessions: byTime(sessions),
    identities: byTime(identities),
  };
}

/** The claim lapsed and another evaluation took some of the rows: this one must not count them. */
export class LeaseLostError extends Error {
  constructor(readonly lost: number) {
    super(`detection batch: ${lost} inbox row(s) were claimed by another evaluation after this one's lease ended`);
  }
}

/**
 * Removes the evaluated rows, in the transaction that raises their alerts — first, so the rows are
 * locked before anything is written. Throws LeaseLostError (the caller's transaction rolls back)
 * when any row is no longer this batch's. A lease's rows stay claimed until releaseBatch.
 */
export async function completeBatch(db: Db, batch: Batch): Promise<void> {
  const lost = batch.lease ? batch.lease.claims.pin(batch.lease) : 0;
  if (lost > 0) throw new LeaseLostError(lost);
  const deleted = await rows<{ id: number }>(
    db,
    sql`delete from detection_inbox where id = any(${arrayText(batch.inboxIds)}::bigint[]) returning id`,
  );
  if (deleted.length !== batch.inboxIds.length) throw new LeaseLostError(batch.inboxIds.length - deleted.length);
}

/** Ends the batch's lease once its transaction committed (the rows are gone) or failed (they are free at once). */
export function releaseBatch(lease: InboxLease | null): void {
  lease?.claims.release(lease);
}

// `column = any($1::text[])` with the ids as ONE array parameter: a batch names up to 500 rows,
// and a list of 500 parameters costs more to build and bind than the lookup itself.
const anyOf = (column: SQL.Aliased | AnyColumn, ids: string[]) => sql`${column} = any(${arrayText(ids)}::text[])`;
