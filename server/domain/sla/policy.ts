import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { slaPolicies, type DueSeconds } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { assertVersion } from "../../core/version-conflict";
import { isoSeconds } from "../../core/time";

const HOUR = 3_600;

/** The due times of an account that never set its own (the same for cases and alerts). */
export const DEFAULT_DUE_SECONDS: DueSeconds = { critical: 4 * HOUR, high: 24 * HOUR, medium: 72 * HOUR, low: 7 * 24 * HOUR };

export type SlaPolicyRow = typeof slaPolicies.$inferSelect;
export type SlaPolicyInput = { case_due_seconds: DueSeconds; alert_due_seconds: DueSeconds };

export async function slaPolicyRow(db: Db, scope: Scope): Promise<SlaPolicyRow | undefined> {
  const [row] = await db.select().from(slaPolicies).where(inScope(slaPolicies, scope));
  return row;
}

/** GET /api/v1/policies/sla: version 0 while the account uses the defaults. */
export function serializeSlaPolicy(scope: Scope, row: SlaPolicyRow | undefined) {
  return {
    object: "sla_policy" as const,
    environment: scope.environment,
    case_due_seconds: row?.caseDueSeconds ?? DEFAULT_DUE_SECONDS,
    alert_due_seconds: row?.alertDueSeconds ?? DEFAULT_DUE_SECONDS,
    version: row?.version ?? 0,
    updated_at: isoSeconds(row?.updatedAt ?? null),
    updated_by: row?.updatedBy ?? null,
  };
}

export type SlaPolicyResource = ReturnType<typeof serializeSlaPolicy>;

/**
 * PUT /api/v1/policies/sla: replaces the due times. Items keep the due time they were given; new
 * items (and items whose severity changes) get the new one. Two admins at once: the advisory lock
 * orders them, and If-Match refuses the one that read an older version.
 */
export async function replaceSlaPolicy(
  db: Db,
  scope: Scope,
  input: SlaPolicyInput,
  opts: { analystId: string; /** If-Match; 0 = the defaults, never changed. */ expectedVersion?: number },
): Promise<SlaPolicyResource> {
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sla_policies:${scope.accountId}:${scope.environment}`}))`);
    if (opts.expectedVersion !== undefined)
      assertVersion("SLA policy", (await slaPolicyRow(tx, scope))?.version ?? 0, opts.expectedVersion);
    const values = { caseDueSeconds: input.case_due_seconds, alertDueSeconds: input.alert_due_seconds, updatedBy: opts.analystId };
    const [written] = await tx
      .insert(slaPolicies)
      .values({ ...scope, ...values, version: 1 })
      .onConflictDoUpdate({
        target: [slaPolicies.accountId, slaPolicies.environment],
        set: { ...values, version: sql`${slaPolicies.version} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    return written!;
  });
  return serializeSlaPolicy(scope, row);
}
