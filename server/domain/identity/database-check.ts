import { and, countDistinct, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { identityVerifications, transactions, type StoredCheck } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import type { ScreeningRow } from "../screening";

export type IdentityKeys = { documentKey: string | null; phoneKey: string | null; addressKey: string | null; emailKey: string | null };

/** One phone or address shared by this many user ids (this one included) is identity abuse. */
export const SHARED_LIMIT = 3;

async function otherUsers(db: Db, scope: Scope, userId: string, column: PgColumn, key: string | null): Promise<number> {
  if (!key) return 0;
  const [row] = await db
    .select({ n: countDistinct(identityVerifications.userId) })
    .from(identityVerifications)
    .where(inScope(identityVerifications, scope, and(eq(column, key), ne(identityVerifications.userId, userId))));
  return Number(row?.n ?? 0);
}

/**
 * database_check: the listed-person screening, the account's confirmed fraud (transactions
 * labelled fraud, of this user or of anyone who presented the same document, phone or e-mail),
 * and reuse of one identity across user ids (a document held by another user id; a phone or an
 * address shared by SHARED_LIMIT or more user ids). A possible watchlist match waits for review.
 */
export async function databaseCheck(
  db: Db,
  scope: Scope,
  userId: string,
  keys: IdentityKeys,
  screening: ScreeningRow,
): Promise<StoredCheck> {
  const top = screening.matches[0];
  if (screening.status === "match" && top) {
    return {
      name: "database_check",
      status: "fail",
      detail: `Matches ${top.entity_name} on the ${top.list} list (score ${top.match_score}); screening ${screening.id}.`,
    };
  }

  const linked = [keys.documentKey, keys.phoneKey, keys.emailKey].filter((k): k is string => k !== null);
  const fraudUsers = db
    .select({ userId: identityVerifications.userId })
    .from(identityVerifications)
    .where(
      inScope(
        identityVerifications,
        scope,
        linked.length
          ? or(
              inArray(identityVerifications.documentKey, linked),
              inArray(identityVerifications.phoneKey, linked),
              inArray(identityVerifications.emailKey, linked),
            )
          : sql`false`,
      ),
    );
  const [fraud] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(
      inScope(
        transactions,
        scope,
        eq(transactions.label, "fraud"),
        or(eq(transactions.userId, userId), inArray(transactions.userId, fraudUsers)),
      ),
    );
  if (Number(fraud?.n ?? 0) > 0) {
    return {
      name: "database_check",
      status: "fail",
      detail: "Linked to confirmed fraud in this account (the user, or the same document, phone or e-mail).",
    };
  }

  const [doc, phone, address] = await Promise.all([
    otherUsers(db, scope, userId, identityVerifications.documentKey, keys.documentKey),
    otherUsers(db, scope, userId, identityVerifications.phoneKey, keys.phoneKey),
    otherUsers(db, scope, userId, identityVerifications.addressKey, keys.addressKey),
  ]);
  const reuse: string[] = [];
  if (doc > 0) reuse.push(`the document is already held by ${doc} other user id(s)`);
  if (phone + 1 >= SHARED_LIMIT) reuse.push(`the phone is used by ${phone + 1} user ids`);
  if (address + 1 >= SHARED_LIMIT) reuse.push(`the address is used by ${address + 1} user ids`);
  if (reuse.length) return { name: "database_check", status: "fail", detail: `Identity reuse: ${reuse.join("; ")}.` };

  if (screening.status === "possible_match" && top) {
    return {
      name: "database_check",
      status: "pending",
      detail: `Possible match with ${top.entity_name} on the ${top.list} list (score ${top.match_score}); awaiting review of screening ${screening.id}.`,
    };
  }
  return { name: "database_check", status: "pass", detail: "No watchlist match, no link to confirmed fraud, no identity reuse." };
}
