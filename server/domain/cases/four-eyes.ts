import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cases, transactions } from "../../db/schema";
import { inScope } from "../../db/scope";
import { assertVersion } from "../../core/version-conflict";
import { approvalPolicy, requestApproval, type ApprovalResource } from "../approvals";
import { updateCase, type CaseCtx, type UpdateCaseInput } from "./cases";

// Four-eyes on case resolutions (server/domain/approvals/README.md): resolving a case as
// false_positive at or above the policy's exposure becomes a pending approval and changes nothing.

/** A case's exposure: the sum of its linked transactions' amounts (minor units, whatever their currency). */
async function exposureOf(db: Db, ctx: CaseCtx, transactionIds: string[]): Promise<number> {
  if (transactionIds.length === 0) return 0;
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
    .from(transactions)
    .where(inScope(transactions, ctx.scope, inArray(transactions.id, transactionIds)));
  return Number(r?.total ?? 0);
}

/**
 * The approval a PATCH waits on, or null when it applies at once. Held: a request that would
 * record `false_positive` (with `status: resolved`, or alone on a resolved case) on a case whose
 * exposure, with the transactions the request links, is at least the policy's amount.
 */
export async function holdCaseResolution(
  db: Db,
  ctx: CaseCtx,
  id: string,
  input: UpdateCaseInput,
  wire: Record<string, unknown>,
): Promise<ApprovalResource | null> {
  if (input.resolution !== "false_positive" || (input.status !== undefined && input.status !== "resolved")) return null;
  const policy = await approvalPolicy(db, ctx.scope);
  if (policy.caseFalsePositiveMinExposure === null) return null;
  const [row] = await db
    .select()
    .from(cases)
    .where(inScope(cases, ctx.scope, eq(cases.id, id)));
  // Unknown cases and refused moves are answered by the PATCH itself (404, 422).
  if (!row || (input.status === undefined && row.status !== "resolved") || row.resolution === "false_positive") return null;
  if (input.status === "resolved" && row.status !== "resolved" && row.status !== "open" && row.status !== "in_review") return null;
  assertVersion("case", row.version, input.expectedVersion);
  const exposure = await exposureOf(db, ctx, [...new Set([...row.transactionIds, ...(input.transactionIds ?? [])])]);
  if (exposure < policy.caseFalsePositiveMinExposure) return null;
  const makerId = input.actorId ?? ctx.defaultActor;
  return requestApproval(db, ctx.scope, {
    action: "case_resolution",
    objectId: row.id,
    objectVersion: row.version,
    request: { ...wire, actor_id: makerId, exposure },
    makerId,
  });
}

/** Applies an approved case resolution as its maker sent it, to the version they saw (else 409). */
export async function applyCaseResolution(
  db: Db,
  ctx: CaseCtx,
  approval: { objectId: string; objectVersion: number | null; request: Record<string, unknown> },
): Promise<void> {
  const r = approval.request;
  await updateCase(db, ctx, approval.objectId, {
    expectedVersion: approval.objectVersion ?? undefined,
    status: r.status as UpdateCaseInput["status"],
    notes: r.notes as string | undefined,
    assigneeId: r.assignee_id as string | null | undefined,
    transactionIds: r.transaction_ids as string[] | undefined,
    severity: r.severity as UpdateCaseInput["severity"],
    alertIds: r.alert_ids as string[] | undefined,
    resolution: r.resolution as UpdateCaseInput["resolution"],
    actorId: r.actor_id as string,
    snapshot: (r.snapshot as Record<string, unknown> | null | undefined) ?? null,
  });
}
