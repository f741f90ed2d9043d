import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { approvalPolicies } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { assertVersion } from "../../core/version-conflict";
import { iso } from "../../core/time";

export type ApprovalPolicy = {
  caseFalsePositiveMinExposure: number | null;
  screeningReview: boolean;
  scorePolicyPublish: boolean;
  version: number;
  updatedBy: string | null;
  updatedAt: Date | null;
};

/** Nothing needs a second person until an admin says so: version 0. */
const DEFAULT: ApprovalPolicy = {
  caseFalsePositiveMinExposure: null,
  screeningReview: false,
  scorePolicyPublish: false,
  version: 0,
  updatedBy: null,
  updatedAt: null,
};

export async function approvalPolicy(db: Db, scope: Scope, lock = false): Promise<ApprovalPolicy> {
  const q = db.select().from(approvalPolicies).where(inScope(approvalPolicies, scope));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? DEFAULT;
}

export function serializeApprovalPolicy(p: ApprovalPolicy) {
  return {
    object: "approval_policy" as const,
    case_false_positive_min_exposure: p.caseFalsePositiveMinExposure,
    screening_review: p.screeningReview,
    score_policy_publish: p.scorePolicyPublish,
    version: p.version,
    updated_by: p.updatedBy,
    updated_at: p.updatedAt ? iso(p.updatedAt) : null,
  };
}

/** PUT /api/v1/policies/approvals: replaces the policy (admin), version + 1; If-Match as other policies. */
export async function putApprovalPolicy(
  db: Db,
  scope: Scope,
  input: { caseFalsePositiveMinExposure: number | null; screeningReview: boolean; scorePolicyPublish: boolean },
  who: { analystId: string; expectedVersion?: number },
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // A first write of two at once: one inserts, the other then updates version 1 (or gets 409 with If-Match).
    await tx
      .insert(approvalPolicies)
      .values({ ...scopeValues(scope) })
      .onConflictDoNothing();
    const current = await approvalPolicy(tx, scope, true);
    assertVersion("approval policy", current.version, who.expectedVersion);
    const [row] = await tx
      .update(approvalPolicies)
      .set({
        ...input,
        version: sql`${approvalPolicies.version} + 1`,
        updatedBy: who.analystId,
        updatedAt: sql`date_trunc('milliseconds', now())`,
      })
      .where(inScope(approvalPolicies, scope, eq(approvalPolicies.environment, scope.environment)))
      .returning();
    return serializeApprovalPolicy(row!);
  });
}
