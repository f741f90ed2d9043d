import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocklistEntries, deviceSessions, transactions, type BlocklistKind } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { iso } from "../../core/time";
import type { Page } from "../../core/pagination";
import { newestFirstPage } from "../../db/page";
import { clientIp, type TransactionRow } from "../scoring";

export type BlocklistRow = typeof blocklistEntries.$inferSelect;

export function serializeEntry(row: BlocklistRow) {
  return {
    object: "blocklist_entry" as const,
    id: row.id,
    kind: row.kind,
    value: row.value,
    source: row.source,
    transaction_id: row.transactionId,
    note: row.note,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
  };
}

/**
 * The attributes of a transaction that a confirmed_fraud decision puts on the blocklist: those that
 * identify the fraudster. Not an address that is not a client's (private, loopback…: a merchant's
 * own server, when it did not forward its customer's), nor the device id of a session that
 * identified no device (its own random id, never met again): entries for them would block every
 * customer of that server, or nothing.
 */
async function attributesOf(db: Db, scope: Scope, txn: TransactionRow): Promise<{ kind: BlocklistKind; value: string }[]> {
  const out: { kind: BlocklistKind; value: string }[] = [];
  if (txn.cardKey) out.push({ kind: "card", value: txn.cardKey });
  if (txn.email) out.push({ kind: "email", value: txn.email });
  if (txn.deviceId && txn.sessionId) {
    const [session] = await db
      .select({ identified: deviceSessions.identified })
      .from(deviceSessions)
      .where(inScope(deviceSessions, scope, eq(deviceSessions.id, txn.sessionId)));
    if (session?.identified) out.push({ kind: "device", value: txn.deviceId });
  }
  const ip = clientIp(txn.ipAddress);
  if (ip) out.push({ kind: "ip", value: ip });
  return out;
}

/** confirmed_fraud: the transaction's card, e-mail, device and IP join the blocklist (existing entries stay as they are). */
export async function feedBlocklist(db: Db, scope: Scope, txn: TransactionRow, actorId: string): Promise<void> {
  const attrs = await attributesOf(db, scope, txn);
  if (attrs.length === 0) return;
  await db
    .insert(blocklistEntries)
    .values(
      attrs.map((a) => ({
        id: newId("blk"),
        ...scope,
        ...a,
        source: "confirmed_fraud" as const,
        transactionId: txn.id,
        createdBy: actorId,
      })),
    )
    .onConflictDoNothing();
}

/**
 * false_positive after confirmed_fraud: the entries that transaction fed are withdrawn, except
 * where another transaction still labelled fraud carries the same value (the entry then stays,
 * re-attributed to it). Manual entries are never touched.
 */
export async function withdrawFeed(db: Db, scope: Scope, txn: TransactionRow): Promise<void> {
  const fed = await db
    .delete(blocklistEntries)
    .where(inScope(blocklistEntries, scope, eq(blocklistEntries.transactionId, txn.id), eq(blocklistEntries.source, "confirmed_fraud")))
    .returning();
  const column = {
    card: transactions.cardKey,
    email: transactions.email,
    device: transactions.deviceId,
    ip: transactions.ipAddress,
  } as const;
  for (const entry of fed) {
    if (entry.kind === "bank_account") continue;
    const [other] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        inScope(
          transactions,
          scope,
          eq(column[entry.kind], entry.value),
          eq(transactions.label, "fraud"),
          sql`${transactions.id} <> ${txn.id}`,
        ),
      )
      .limit(1);
    if (other) {
      await db
        .insert(blocklistEntries)
        .values({
          id: newId("blk"),
          ...scope,
          kind: entry.kind,
          value: entry.value,
          source: "confirmed_fraud",
          transactionId: other.id,
          createdBy: entry.createdBy,
        })
        .onConflictDoNothing();
    }
  }
}

export async function addEntry(
  db: Db,
  scope: Scope,
  input: { kind: BlocklistKind; value: string; note?: string; createdBy: string },
): Promise<{ row: BlocklistRow; created: boolean }> {
  const [inserted] = await db
    .insert(blocklistEntries)
    .values({
      id: newId("blk"),
      ...scope,
      kind: input.kind,
      value: input.value,
      source: "manual",
      note: input.note ?? null,
      createdBy: input.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(blocklistEntries)
    .where(inScope(blocklistEntries, scope, eq(blocklistEntries.kind, input.kind), eq(blocklistEntries.value, input.value)));
  return { row: existing as BlocklistRow, created: false };
}

export async function removeEntry(db: Db, scope: Scope, id: string): Promise<BlocklistRow | undefined> {
  const [row] = await db
    .delete(blocklistEntries)
    .where(inScope(blocklistEntries, scope, eq(blocklistEntries.id, id)))
    .returning();
  return row;
}

/** The account's entries of one environment, newest first, by kind and (normalised) value. */
export async function listEntries(
  db: Db,
  scope: Scope,
  q: { kind?: BlocklistKind; value?: string; limit: number; after?: string },
): Promise<Page<BlocklistRow>> {
  return newestFirstPage(
    db,
    blocklistEntries,
    scope,
    [q.kind ? eq(blocklistEntries.kind, q.kind) : undefined, q.value !== undefined ? eq(blocklistEntries.value, q.value) : undefined],
    q,
  );
}
