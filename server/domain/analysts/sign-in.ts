import { hash, verify } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts } from "../../db/schema";
import { ARGON2, findAnalystByEmail } from "./analysts";
import type { AnalystRow, SessionRow } from "./serialize";
import { startSession } from "./sessions";

export const MAX_FAILURES = 10;
const LOCKOUT = "15 minutes";

// Verified when no analyst of the account has the e-mail, so every refusal costs one argon2
// verification and response time does not reveal which e-mails exist in which account.
let dummyHash: Promise<string> | undefined;
async function equaliseTiming(password: string): Promise<void> {
  dummyHash ??= hash("argus-timing-equaliser", ARGON2);
  await verify(await dummyHash, password).catch(() => false);
}

export type SignInOutcome = { ok: true; analyst: AnalystRow; session: SessionRow } | { ok: false; reason: "invalid" | "locked" };

/**
 * Counts the attempt before the password is checked, in one statement: parallel guesses each take
 * a place in the count (the row lock orders them), the tenth locks the analyst for 15 minutes, and
 * from then on guesses are refused without a verification. Null when the analyst is locked.
 * A lapsed lock starts a new count.
 */
async function takeAttempt(db: Db, analystId: string): Promise<{ failedAttempts: number } | undefined> {
  const attempts = sql`case when ${analysts.lockedUntil} is not null then 1 else ${analysts.failedAttempts} + 1 end`;
  const [taken] = await db
    .update(analysts)
    .set({
      failedAttempts: attempts,
      lockedUntil: sql`case when ${attempts} >= ${MAX_FAILURES} then now() + ${LOCKOUT}::interval else null end`,
    })
    .where(and(eq(analysts.id, analystId), sql`(${analysts.lockedUntil} is null or ${analysts.lockedUntil} <= now())`))
    .returning({ failedAttempts: analysts.failedAttempts });
  return taken;
}

/**
 * Checks an e-mail and password of an analyst of `accountId` and starts a session. An analyst of
 * another account, a disabled one, an unknown e-mail and a wrong password are the same refusal.
 */
export async function signInWithPassword(db: Db, accountId: string, email: string, password: string): Promise<SignInOutcome> {
  const row = await findAnalystByEmail(db, accountId, email);
  if (!row || !row.passwordHash || row.disabledAt) {
    await equaliseTiming(password);
    return { ok: false, reason: "invalid" };
  }
  const attempt = await takeAttempt(db, row.id);
  if (!attempt) return { ok: false, reason: "locked" };
  const good = await verify(row.passwordHash, password).catch(() => false);
  if (!good) return { ok: false, reason: attempt.failedAttempts >= MAX_FAILURES ? "locked" : "invalid" };
  const [signedIn] = await db
    .update(analysts)
    .set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: sql`now()` })
    .where(eq(analysts.id, row.id))
    .returning();
  const analyst = signedIn ?? row;
  return { ok: true, analyst, session: await startSession(db, analyst, "password") };
}

/**
 * Single sign-on: the identity provider proved the e-mail, so no password is checked. Only an
 * enabled analyst of `accountId` gets a session; nobody is created.
 */
export async function signInWithSso(
  db: Db,
  accountId: string,
  email: string,
): Promise<{ analyst: AnalystRow; session: SessionRow } | undefined> {
  const row = await findAnalystByEmail(db, accountId, email);
  if (!row || row.disabledAt) return undefined;
  const [signedIn] = await db
    .update(analysts)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(analysts.id, row.id))
    .returning();
  const analyst = signedIn ?? row;
  return { analyst, session: await startSession(db, analyst, "sso") };
}
