import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityVerifications, type StoredCheck } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { normalizeTokens } from "../watchlist";

export const MINIMUM_AGE = 18;

export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/** Same person by name: the same name words, allowing one side to carry extra (middle) names. */
function sameName(a: string, b: string): boolean {
  const ta = new Set(normalizeTokens(a));
  const tb = new Set(normalizeTokens(b));
  const [small, large] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  return small.size > 0 && [...small].every((t) => large.has(t));
}

/**
 * identity_match: the person is an adult, and the name and date of birth agree with every earlier
 * verification of the same user id (a user id whose identity changes is a classic takeover sign).
 * Argus receives document data, not images, so it cannot read the holder's name off a document;
 * a document number reused under another name is caught by the database check.
 */
export async function identityMatch(
  db: Db,
  scope: Scope,
  input: { userId: string; name: string; dateOfBirth: string },
): Promise<StoredCheck> {
  const age = ageOn(input.dateOfBirth);
  if (age < MINIMUM_AGE)
    return {
      name: "identity_match",
      status: "fail",
      detail: `The date of birth makes the person ${age}, under the minimum age of ${MINIMUM_AGE}.`,
    };
  const earlier = await db
    .select({ id: identityVerifications.id, name: identityVerifications.name, dob: identityVerifications.dateOfBirth })
    .from(identityVerifications)
    .where(
      inScope(
        identityVerifications,
        scope,
        and(eq(identityVerifications.userId, input.userId), eq(identityVerifications.type, "individual")),
      ),
    )
    .orderBy(desc(identityVerifications.createdAt))
    .limit(20);
  const conflict = earlier.find((e) => e.dob !== input.dateOfBirth || !sameName(e.name, input.name));
  if (conflict) {
    return {
      name: "identity_match",
      status: "fail",
      detail: `Name or date of birth differs from the user's earlier verification ${conflict.id}.`,
    };
  }
  return {
    name: "identity_match",
    status: "pass",
    detail: earlier.length
      ? `Consistent with ${earlier.length} earlier verification(s) of this user.`
      : "Adult; first verification of this user.",
  };
}
