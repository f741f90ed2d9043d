import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts } from "../../db/schema";
import { newId } from "../../core/ids";
import { invalidateKeyCache } from "../keys";

export type Account = typeof accounts.$inferSelect;

export async function findAccountByName(db: Db, name: string): Promise<Account | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.name, name)).limit(1);
  return row;
}

/** The account of that name, created on first use (the keys CLI creates accounts this way). */
export async function ensureAccount(db: Db, name: string): Promise<Account> {
  await db
    .insert(accounts)
    .values({ id: newId("acct"), name })
    .onConflictDoNothing({ target: accounts.name });
  const row = await findAccountByName(db, name);
  if (!row) throw new Error(`account ${name} vanished`);
  return row;
}

/** Sets every rate limit of the account's keys to `perMinute` (operator override). */
export async function setAccountRateLimit(db: Db, accountId: string, perMinute: number | null): Promise<Account> {
  const [row] = await db
    .update(accounts)
    .set({ rateLimitPerMinute: perMinute, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw new Error(`no account ${accountId}`);
  invalidateKeyCache(db);
  return row;
}
