import { and, eq, getTableColumns, lt, sql } from "drizzle-orm";
import { sharesOneSession, type Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import type { Scope } from "../../db/scope";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim is a lease that its owner renews while its request runs (lease.ts); one not renewed for
 * this long belongs to a request that died (its process was killed, or lost the database), and the
 * next request with the key takes it over. On PostgreSQL short, so a client retrying after a crash
 * is answered within seconds. The embedded database has one process, which releases what a dead
 * one left when it opens the folder (releaseDeadClaims), so there only a claim leaked by a failed
 * release can lapse: it is given much longer.
 */
export const CLAIM_LEASE_MS = 10_000;
export const EMBEDDED_CLAIM_LEASE_MS = 60_000;
/** How often an owner renews its claim: a few renewals may fail or be late before it lapses. */
export const CLAIM_RENEW_MS = CLAIM_LEASE_MS / 4;

export const claimLeaseMs = (db: Db): number => (sharesOneSession(db) ? EMBEDDED_CLAIM_LEASE_MS : CLAIM_LEASE_MS);

export type Surface = "a" | "b";
export type KeyRef = Scope & { surface: Surface; key: string };

export type Claim =
  | { kind: "owner" }
  | { kind: "conflict" }
  | { kind: "in_progress" }
  | { kind: "completed"; status: number; body: unknown; contractVersion: number };

const match = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.accountId, ref.accountId),
    eq(idempotencyKeys.environment, ref.environment),
    eq(idempotencyKeys.surface, ref.surface),
    eq(idempotencyKeys.key, ref.key),
  );

/**
 * Claims a key for a request. The insert is the arbiter between concurrent duplicates: exactly one
 * of them inserts the row and becomes the owner; the others see its state.
 */
export async function claimKey(
  db: Db,
  ref: KeyRef,
  fingerprint: string,
  contractVersion: number,
  formerFingerprint?: string,
): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        ...ref,
        fingerprint,
        state: "in_progress",
        contractVersion,
        expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: "owner" };

    // Whether the lease lapsed is judged by the database's clock, the one that wrote locked_at.
    const lapsed = sql`${idempotencyKeys.lockedAt} < now() - ${`${claimLeaseMs(db)} milliseconds`}::interval`;
    const [row] = await db
      .select({ ...getTableColumns(idempotencyKeys), lapsed: sql<boolean>`${lapsed}` })
      .from(idempotencyKeys)
      .where(match(ref))
      .limit(1);
    if (!row) continue; // released between our insert and select: try again
    if (row.expiresAt.getTime() <= Date.now()) {
      await db.delete(idempotencyKeys).where(and(match(ref), lt(idempotencyKeys.expiresAt, sql`now()`)));
      continue;
    }
    if (row.fingerprint !== fingerprint && row.fingerprint !== formerFingerprint) return { kind: "conflict" };
    if (row.state === "completed") {
      return { kind: "completed", status: row.responseStatus ?? 200, body: row.responseBody, contractVersion: row.contractVersion };
    }
    if (row.lapsed) {
      // Its owner stopped renewing it. The condition is checked again by the update, so of several
      // requests that saw the lapse only one takes the claim over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ lockedAt: sql`now()` })
        .where(and(match(ref), eq(idempotencyKeys.state, "in_progress"), lapsed))
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return { kind: "owner" };
    }
    return { kind: "in_progress" };
  }
  return { kind: "in_progress" };
}

/** Stores the response; called inside the transaction that made the request's writes. */
export async function completeKey(db: Db, ref: KeyRef, status: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: "completed", responseStatus: status, responseBody: body as object })
    .where(match(ref));
}

/** Frees a key whose request failed, so a corrected retry with the same key can run. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(and(match(ref), eq(idempotencyKeys.state, "in_progress")));
}

/**
 * Embedded database, at start-up: every claim still in progress was left by a process that died
 * (the folder has one owner), its request unanswered and its writes never committed (they commit
 * with the stored response). Releasing them lets the client's retry run at once. Not for
 * PostgreSQL, where other processes' claims may be alive. Returns how many were released.
 */
export async function releaseDeadClaims(db: Db): Promise<number> {
  const released = await db.delete(idempotencyKeys).where(eq(idempotencyKeys.state, "in_progress")).returning({ key: idempotencyKeys.key });
  return released.length;
}

/** Deletes expired keys (run by the maintenance job). Returns how many were removed. */
export async function purgeExpiredKeys(db: Db, batch = 5000): Promise<number> {
  const result = (await db.execute(sql`
    delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where expires_at < now() limit ${batch})`)) as unknown as {
    rowCount?: number;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}
