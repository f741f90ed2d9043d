import type { Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import { assertVersion } from "../../core/version-conflict";
import { approvalPolicy, requestApproval, type ApprovalResource } from "../approvals";
import { policyRow } from "./policies";
import { updatePolicy, type PolicyPatch } from "./policy-admin";

// Four-eyes on publishing a score policy (server/domain/approvals/README.md): a write that changes
// the bands or the rules waits for a second person when the policy says so.

type Writer = { replace: boolean; analystId: string; expectedVersion?: number };

/** The approval a policy write waits on, or null when it applies at once. */
export async function holdPolicyPublish(db: Db, scope: Scope, patch: PolicyPatch, w: Writer): Promise<ApprovalResource | null> {
  if (patch.score_bands === undefined && patch.rules === undefined) return null;
  if (!(await approvalPolicy(db, scope)).scorePolicyPublish) return null;
  const version = (await policyRow(db, scope))?.version ?? 0;
  assertVersion("score policy", version, w.expectedVersion);
  return requestApproval(db, scope, {
    action: "score_policy_publish",
    objectId: "score",
    objectVersion: version,
    request: { policy: patch, replace: w.replace },
    makerId: w.analystId,
  });
}

/** Publishes an approved policy write as its maker sent it, over the version they saw (else 409). */
export async function applyPolicyPublish(
  db: Db,
  scope: Scope,
  approval: { makerId: string; objectVersion: number | null; request: Record<string, unknown> },
): Promise<void> {
  const r = approval.request as { policy: PolicyPatch; replace: boolean };
  await updatePolicy(db, scope, r.policy, {
    replace: r.replace,
    analystId: approval.makerId,
    expectedVersion: approval.objectVersion ?? undefined,
  });
}
