import { hash } from "@node-rs/argon2";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts, type AnalystRole } from "../../db/schema";
import { newId } from "../../core/ids";
import { endSessionsOf } from "./sessions";
import type { AnalystRow } from "./serialize";

export { serializeAnalyst, type AnalystRow, type AnalystResource } from "./serialize";

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
export const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const MIN_PASSWORD_LENGTH = 10;

export class AnalystExistsError extends Error {}

/** A change the account cannot take (the last administrator demoted or disabled). */
export class AnalystChangeRefused extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function createAnalyst(
  db: Db,
  input: { accountId: string; email: string; name?: string; role: AnalystRole; password?: string },
): Promise<AnalystRow> {
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new RangeError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  const passwordHash = input.password === undefined ? null : await hash(input.password, ARGON2);
  const email = normaliseEmail(input.email);
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
  if (!rows[0]) throw new AnalystExistsError(`An analyst with e-mail ${email} already exists in this account.`);
  return rows[0];
}

export async function listAnalysts(db: Db, accountId: string): Promise<AnalystRow[]> {
  return db.select().from(analysts).where(eq(analysts.accountId, accountId)).orderBy(asc(analysts.email));
}

/** The analyst of this account with this e-mail (case-insensitive), enabled or not. */
export async function findAnalystByEmail(db: Db, accountId: string, email: string): Promise<AnalystRow | undefined> {
  const [row] = await db
    .select()
    .from(analysts)
    .where(and(eq(analysts.accountId, accountId), sql`lower(${analysts.email}) = ${normaliseEmail(email)}`))
    .limit(1);
  return row;
}

export type AnalystChange = { role?: AnalystRole; disabled?: boolean; name?: string };

/**
 * Changes an analyst of the account. A new role or disabling ends every session of theirs at once
 * (the console must sign in again and sees the new role). The account keeps at least one enabled
 * administrator. Undefined when the id names no analyst of this account.
 */
export async function updateAnalyst(db: Db, accountId: string, id: string, change: AnalystChange): Promise<AnalystRow | undefined> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // One change of an account's analysts at a time: two admins demoting each other at once
    // cannot both pass the "another admin stays" check, and row locks taken in opposite orders
    // cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analysts:${accountId}`}))`);
    const [row] = await tx
      .select()
      .from(analysts)
      .where(and(eq(analysts.accountId, accountId), eq(analysts.id, id)));
    if (!row) return undefined;
    const roleChanged = change.role !== undefined && change.role !== row.role;
    const disabling = change.disabled === true && row.disabledAt === null;
    const enabling = change.disabled === false && row.disabledAt !== null;
    if (row.role === "admin" && row.disabledAt === null && (disabling || (roleChanged && change.role !== "admin"))) {
      await assertAnotherAdmin(tx, accountId, id, disabling ? "disabled" : "role");
    }
    const name = change.name?.trim();
    if (!roleChanged && !disabling && !enabling && (name === undefined || name === row.name)) return row;
    const [updated] = await tx
      .update(analysts)
      .set({
        ...(roleChanged ? { role: change.role } : {}),
        ...(disabling ? { disabledAt: sql`now()` } : {}),
        // Enabling clears a lockout too: an administrator vouches for the person.
        ...(enabling ? { disabledAt: null, failedAttempts: 0, lockedUntil: null } : {}),
        ...(name !== undefined && name !== row.name ? { name } : {}),
      })
      .where(eq(analysts.id, id))
      .returning();
    if (disabling) await endSessionsOf(tx, id, "disabled");
    else if (roleChanged) await endSessionsOf(tx, id, "role_changed");
    return updated;
  });
}

/** Refuses to demote or disable the account's last enabled administrator. */
async function assertAnotherAdmin(db: Db, accountId: string, exceptId: string, param: "disabled" | "role"): Promise<void> {
  const [other] = await db
    .select({ id: analysts.id })
    .from(analysts)
    .where(and(eq(analysts.accountId, accountId), eq(analysts.role, "admin"), isNull(analysts.disabledAt), ne(analysts.id, exceptId)))
    .limit(1);
  if (!other) {
    throw new AnalystChangeRefused(
      "The account must keep at least one enabled administrator: make someone else an administrator first.",
      param,
    );
  }
}
