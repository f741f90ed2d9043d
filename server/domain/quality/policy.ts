import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { qualityReviewPolicies } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { assertVersion } from "../../core/version-conflict";
import { isoSeconds } from "../../core/time";

/** The share of resolved cases drawn while an account never set its own (issue 34: 5 %). */
export const DEFAULT_SAMPLE_RATE = 0.05;

export type QualityPolicyRow = typeof qualityReviewPolicies.$inferSelect;

export async function qualityPolicyRow(db: Db, scope: Scope): Promise<QualityPolicyRow | undefined> {
  const [row] = await db.select().from(qualityReviewPolicies).where(inScope(qualityReviewPolicies, scope));
  return row;
}

/** GET /api/v1/policies/quality-review: version 0 while the account uses the default. */
export function serializeQualityPolicy(scope: Scope, row: QualityPolicyRow | undefined) {
  return {
    object: "quality_review_policy" as const,
    environment: scope.environment,
    sample_rate: row?.sampleRate ?? DEFAULT_SAMPLE_RATE,
    version: row?.version ?? 0,
    updated_at: isoSeconds(row?.updatedAt ?? null),
    updated_by: row?.updatedBy ?? null,
  };
}

export type QualityPolicyResource = ReturnType<typeof serializeQualityPolicy>;

/** PUT /api/v1/policies/quality-review (admin): the advisory lock orders two admins, If-Match refuses the stale one. */
export async function replaceQualityPolicy(
  db: Db,
  scope: Scope,
  input: { sample_rate: number },
  opts: { analystId: string; expectedVersion?: number },
): Promise<QualityPolicyResource> {
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quality_review_policies:${scope.accountId}:${scope.environment}`}))`);
    if (opts.expectedVersion !== undefined)
      assertVersion("quality review policy", (await qualityPolicyRow(tx, scope))?.version ?? 0, opts.expectedVersion);
    const values = { sampleRate: input.sample_rate, updatedBy: opts.analystId };
    const [written] = await tx
      .insert(qualityReviewPolicies)
      .values({ ...scope, ...values, version: 1, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [qualityReviewPolicies.accountId, qualityReviewPolicies.environment],
        set: { ...values, version: sql`${qualityReviewPolicies.version} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    return written!;
  });
  return serializeQualityPolicy(scope, row);
}
