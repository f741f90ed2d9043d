import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import type { Scope } from "../../db/scope";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** An in-progress claim older than this belongs to a request that died; another may take it over. */
export const STALE_CLAIM_MS = 60_000;

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
export async function claimKey(db: Db, ref: KeyRef, fingerprint: string, contractVersion: number, formerFingerprint?: string): Promise<Claim> {
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

    const [row] = await db.select().from(idempotencyKeys).where(match(ref)).limit(1);
    if (!row) continue; // released between our insert and select: try again
    if (row.expiresAt.getTime() <= Date.now()) {
      await db.delete(idempotencyKeys).where(and(match(ref), lt(idempotencyKeys.expiresAt, sql`now()`)));
      continue;
    }
    if (row.fingerprint !== fingerprint && row.fingerprint !== formerFingerprint) return { kind: "conflict" };
    if (row.state === "completed") {
      return { kind: "completed", status: row.responseStatus ?? 200, body: row.responseBody, contractVersion: row.contractVersion };
    }
    if (Date.now() - row.lockedAt.getTime() > STALE_CLAIM_MS) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ lockedAt: sql`now()` })
        .where(and(match(ref), eq(idempotencyKeys.state, "in_progress"), eq(idempotencyKeys.lockedAt, row.lockedAt)))
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
