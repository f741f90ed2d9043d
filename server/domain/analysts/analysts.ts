import { hash, verify } from "@node-rs/argon2";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts, type AnalystRole } from "../../db/schema";
import { newId } from "../../common/ids";
import { iso, isoSeconds } from "../../common/time";

export type AnalystRow = typeof analysts.$inferSelect;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const MAX_FAILURES = 10;
const LOCKOUT_MS = 15 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 10;

// Verified when the e-mail is unknown, so both paths cost one argon2 verification and response
// time does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

export function serializeAnalyst(row: AnalystRow) {
  return {
    object: "analyst" as const,
    id: row.id,
    account_id: row.accountId,
    email: row.email,
    name: row.name,
    role: row.role,
    created_at: iso(row.createdAt),
    last_sign_in_at: isoSeconds(row.lastSignInAt),
    disabled: row.disabledAt !== null,
  };
}

export class AnalystExistsError extends Error {}

export async function createAnalyst(
  db: Db,
  input: { accountId: string; email: string; name?: string; role: AnalystRole; password?: string },
): Promise<AnalystRow> {
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new RangeError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  const passwordHash = input.password === undefined ? null : await hash(input.password, ARGON2);
  const email = input.email.trim().toLowerCase();
  const rows = await db
    .insert(analysts)
    .values({
      id: newId("ana"),
      accountId: input.accountId,
      email,
      name: input.name?.trim() || email.split("@")[0] || email,
      role: input.role,
      passwordHash,
    })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw new AnalystExistsError(`An analyst with e-mail ${email} already exists.`);
  return rows[0];
}

export async function listAnalysts(db: Db, accountId: string): Promise<AnalystRow[]> {
  return db.select().from(analysts).where(eq(analysts.accountId, accountId)).orderBy(asc(analysts.email));
}

/**
 * The enabled analyst with this e-mail (case-insensitive), for single sign-on: the identity
 * provider has proven the address, so no password is checked; a disabled analyst is not found.
 */
export async function findEnabledAnalystByEmail(db: Db, email: string): Promise<AnalystRow | undefined> {
  const [row] = await db
    .select()
    .from(analysts)
    .where(sql`lower(${analysts.email}) = ${email.trim().toLowerCase()} and ${analysts.disabledAt} is null`)
    .limit(1);
  return row;
}

export type AuthOutcome = { ok: true; analyst: AnalystRow } | { ok: false; reason: "invalid" | "locked" };

/** Checks an e-mail and password. Ten failures in a row lock the analyst for 15 minutes. */
export async function authenticateAnalyst(db: Db, email: string, password: string): Promise<AuthOutcome> {
  const [row] = await db
    .select()
    .from(analysts)
    .where(sql`lower(${analysts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!row || !row.passwordHash || row.disabledAt) {
    dummyHash ??= hash("argus-timing-equaliser", ARGON2);
    await verify(await dummyHash, password).catch(() => false);
    return { ok: false, reason: "invalid" };
  }
  if (row.lockedUntil && row.lockedUntil.getTime() > Date.now()) return { ok: false, reason: "locked" };
  const good = await verify(row.passwordHash, password).catch(() => false);
  if (!good) {
    const failures = row.failedAttempts + 1;
    await db
      .update(analysts)
      .set({
        failedAttempts: failures >= MAX_FAILURES ? 0 : failures,
        lockedUntil: failures >= MAX_FAILURES ? new Date(Date.now() + LOCKOUT_MS) : row.lockedUntil,
      })
      .where(eq(analysts.id, row.id));
    return { ok: false, reason: failures >= MAX_FAILURES ? "locked" : "invalid" };
  }
  const [updated] = await db
    .update(analysts)
    .set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: sql`now()` })
    .where(and(eq(analysts.id, row.id)))
    .returning();
  return { ok: true, analyst: updated ?? row };
}
