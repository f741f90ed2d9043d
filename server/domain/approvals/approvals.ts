import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts, approvals, type ApprovalAction, type ApprovalStatus } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { ApiError, notFound } from "../../core/errors";
import { newId } from "../../core/ids";
import { iso } from "../../core/time";
import { keyset, toPage } from "../../core/pagination";
import { VersionConflictError } from "../../core/version-conflict";

export type ApprovalRow = typeof approvals.$inferSelect;

export function serializeApproval(row: ApprovalRow) {
  return {
    object: "approval" as const,
    approval_id: row.id,
    action: row.action,
    object_id: row.objectId,
    object_version: row.objectVersion,
    request: row.request,
    maker_id: row.makerId,
    status: row.status,
    decider_id: row.deciderId,
    reason: row.reason,
    created_at: iso(row.createdAt),
    decided_at: row.decidedAt ? iso(row.decidedAt) : null,
  };
}

export type ApprovalResource = ReturnType<typeof serializeApproval>;

/** An action held for a second person: it changes nothing until approved. */
export async function requestApproval(
  db: Db,
  scope: Scope,
  input: { action: ApprovalAction; objectId: string; objectVersion: number | null; request: Record<string, unknown>; makerId: string },
): Promise<ApprovalResource> {
  const [row] = await db
    .insert(approvals)
    .values({
      id: newId("apr"),
      ...scopeValues(scope),
      ...input,
      request: JSON.parse(JSON.stringify(input.request)) as Record<string, unknown>,
    })
    .returning();
  return serializeApproval(row!);
}

export async function listApprovals(
  db: Db,
  scope: Scope,
  q: { status?: ApprovalStatus; action?: ApprovalAction; makerId?: string; objectId?: string; limit: number; after?: string },
) {
  const page = keyset({ createdAt: approvals.createdAt, id: approvals.id }, q.after);
  const found = await db
    .select()
    .from(approvals)
    .where(
      inScope(
        approvals,
        scope,
        q.status ? eq(approvals.status, q.status) : undefined,
        q.action ? eq(approvals.action, q.action) : undefined,
        q.makerId ? eq(approvals.makerId, q.makerId) : undefined,
        q.objectId ? eq(approvals.objectId, q.objectId) : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return toPage(found, q.limit, serializeApproval);
}

export async function getApproval(db: Db, scope: Scope, id: string): Promise<ApprovalResource> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(inScope(approvals, scope, eq(approvals.id, id)));
  if (!row) throw notFound("approval", "id");
  return serializeApproval(row);
}

/** Applies an approved request, as its maker sent it, in the approving transaction. */
export type Apply = (tx: Db, approval: ApprovalRow) => Promise<void>;

/**
 * POST /api/v1/approvals/{id}/approve|reject, the decider proven by the console token. The approval
 * row is locked, so of two deciders at once exactly one decides and the other finds it decided (409). The decider must be an enabled lead or
 * admin of the account other than the maker (403). Approving applies the request in the same
 * transaction; if its object changed since the maker saw it (version), nothing is applied, the
 * approval is `failed` and the answer is 409 (a version conflict).
 */
export async function decideApproval(
  db: Db,
  scope: Scope,
  id: string,
  d: { deciderId: string; approve: boolean; reason?: string; apply: (action: ApprovalAction) => Apply },
): Promise<ApprovalResource> {
  let conflict: VersionConflictError | undefined;
  const decided = await db
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .select()
        .from(approvals)
        .where(inScope(approvals, scope, eq(approvals.id, id)))
        .for("update");
      if (!row) throw notFound("approval", "id");
      if (row.makerId === d.deciderId)
        throw new ApiError("insufficient_permissions", "The maker of an action cannot approve or reject it: another lead or admin must.");
      const [decider] = await tx
        .select()
        .from(analysts)
        .where(and(eq(analysts.id, d.deciderId), eq(analysts.accountId, scope.accountId)));
      if (!decider || decider.disabledAt || (decider.role !== "lead" && decider.role !== "admin")) {
        throw new ApiError(
          "insufficient_permissions",
          "Approvals are decided by an enabled analyst of this account with the lead or admin role.",
        );
      }
      if (row.status !== "pending") throw new ApiError("approval_decided", `Approval ${row.id} is already ${row.status}.`);
      if (d.approve) await d.apply(row.action)(tx, row);
      const [updated] = await tx
        .update(approvals)
        .set({ status: d.approve ? "approved" : "rejected", deciderId: d.deciderId, reason: d.reason ?? null, decidedAt: new Date() })
        .where(eq(approvals.id, row.id))
        .returning();
      return serializeApproval(updated!);
    })
    .catch((err: unknown) => {
      if (err instanceof VersionConflictError) {
        conflict = err;
        return undefined;
      }
      throw err;
    });
  if (decided) return decided;
  // The object moved on: the approval fails (recorded outside the rolled-back transaction).
  await db
    .update(approvals)
    .set({ status: "failed", deciderId: d.deciderId, reason: conflict!.message, decidedAt: new Date() })
    .where(and(inScope(approvals, scope, eq(approvals.id, id)), eq(approvals.status, "pending")));
  throw conflict!;
}
