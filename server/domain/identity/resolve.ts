import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityVerifications, type StoredCheck, type VerificationStatus } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import type { DomainDeps } from "../deps";
import { appendEvent } from "../events";
import { emitWebhookEvent } from "../webhooks";
import { serializeVerification, type VerificationRow } from "./serialize";

export type IdentityCtx = { scope: Scope; deps: DomainDeps };

const ORDER = ["identity_match", "document_validity", "liveness", "database_check", "address_verification", "phone_match"];

export function sortChecks(checks: StoredCheck[]): StoredCheck[] {
  return [...checks].sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
}

/**
 * The verification's status from its checks (server/domain/identity/README.md): pending while any
 * check runs; `flagged` when the database check failed (watchlist, fraud data, identity reuse),
 * which wins over `failed` (any other check failed); otherwise `verified`.
 */
export function statusOf(checks: StoredCheck[]): VerificationStatus {
  if (checks.some((c) => c.status === "pending")) return "pending";
  if (checks.some((c) => c.name === "database_check" && c.status === "fail")) return "flagged";
  if (checks.some((c) => c.status === "fail")) return "failed";
  return "verified";
}

/** Writes the `identity.verified` event of a verification that reached its final status. */
export async function recordCompletion(db: Db, scope: Scope, row: VerificationRow): Promise<void> {
  await appendEvent(db, scope, {
    type: "identity.verified",
    userId: row.userId,
    payload: {
      verification_id: row.id,
      type: row.type,
      status: row.status,
      checks: row.checks.map((c) => ({ name: c.name, status: c.status })),
      completed_at: serializeVerification(row).completed_at,
    },
  });
}

/**
 * Settles pending checks of a verification (document analysis, registry lookup, liveness result,
 * watchlist review). When the last pending check settles, the final status and `completed_at` are
 * set, `identity.verified` is logged and `identity.verification_completed` is emitted, all in the
 * caller's transaction. Checks that are not pending are left alone (first result wins).
 */
export async function settleChecks(
  db: Db,
  ctx: IdentityCtx,
  verificationId: string,
  updates: StoredCheck[],
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(inScope(identityVerifications, ctx.scope, eq(identityVerifications.id, verificationId)))
    .for("update")
    .limit(1);
  if (!row) return undefined;
  if (row.status !== "pending") return row;
  const checks = row.checks.map((c) => {
    const u = updates.find((x) => x.name === c.name);
    return u && c.status === "pending" ? u : c;
  });
  const status = statusOf(checks);
  const [updated] = await db
    .update(identityVerifications)
    .set({ checks, status, updatedAt: sql`now()`, ...(status !== "pending" ? { completedAt: new Date() } : {}) })
    .where(eq(identityVerifications.id, row.id))
    .returning();
  const result = updated as VerificationRow;
  if (status !== "pending") {
    await recordCompletion(db, ctx.scope, result);
    await emitWebhookEvent(db, ctx.deps.jobs, ctx.scope, "identity.verification_completed", serializeVerification(result));
  }
  return result;
}
