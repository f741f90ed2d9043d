import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  alerts,
  caseEvents,
  cases,
  transactions,
  type CaseAction,
  type CaseStatus,
  type CaseType,
  type SeverityLevel,
} from "../../db/schema";
import { violatesUnique } from "../../db/errors";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { ApiError, notFound } from "../../core/errors";
import { newId } from "../../core/ids";
import { assertVersion } from "../../core/version-conflict";
import { emitWebhookEvent } from "../webhooks";
import { classifyMove, nextStatuses } from "./state";
import { loadCaseResource, type CaseResource, type CaseRow } from "./serialize";

export type CaseCtx = { scope: Scope; jobs: JobQueue; /** The actor when the request names none: the key's id. */ defaultActor: string };

export type CreateCaseInput = {
  title: string;
  caseType: CaseType;
  transactionIds?: string[];
  userId?: string | null;
  severity?: SeverityLevel;
  notes?: string;
  assigneeId?: string | null;
  actorId?: string;
  /** The alert the case is opened from (an addition). */
  alertId?: string;
};

export type UpdateCaseInput = {
  /** If-Match: the change applies only to this version (409 otherwise, nothing changed). */
  expectedVersion?: number;
  status?: CaseStatus;
  notes?: string;
  assigneeId?: string | null;
  transactionIds?: string[];
  severity?: SeverityLevel;
  actorId?: string;
};

type Entry = { action: CaseAction; details: Record<string, unknown> };

const nowMs = sql`date_trunc('milliseconds', now())`;

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

/**
 * Linked transactions must exist in this account and environment (server/README.md, "Errors",
 * references): the first unknown id is 404 with `param` naming its position in the request.
 */
export async function assertTransactionsExist(db: Db, scope: Scope, ids: string[], param = "transaction_ids"): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(inScope(transactions, scope, inArray(transactions.id, unique(ids))));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw new ApiError("resource_not_found", `No such transaction: ${ids[missing]}.`, `${param}.${missing}`);
}

/**
 * Appends audit entries numbered after the case's last one. Callers hold the case row (FOR UPDATE,
 * or a case not yet visible to anyone), so `seq` follows commit order; the unique (case_id, seq)
 * index refuses any writer that did not.
 */
async function append(db: Db, scope: Scope, caseId: string, actorId: string, entries: Entry[]): Promise<void> {
  if (entries.length === 0) return;
  const last = sql<number>`(select coalesce(max(${caseEvents.seq}), 0) from ${caseEvents} where ${caseEvents.caseId} = ${caseId})`;
  await db.insert(caseEvents).values(
    entries.map((e, i) => ({
      id: newId("cevt"),
      ...scopeValues(scope),
      caseId,
      action: e.action,
      actorId,
      details: e.details,
      seq: sql<number>`${last} + ${i + 1}`,
    })),
  );
}

const ALERT_ACTIVE_INDEX = "cases_alert_active_idx";

const alertTaken = (alertId: string, existing: { id: string; status: string } | null) =>
  new ApiError(
    "unprocessable",
    existing
      ? `Alert ${alertId} already has case ${existing.id} (${existing.status}); work it there. A new case may be opened from the alert once that one is closed.`
      : `Alert ${alertId} already has a case that is not closed; work it there.`,
    "alert_id",
  );

/** The alert exists in this account and environment (404 otherwise) and has no case that is not closed (422). */
async function assertAlertFree(db: Db, scope: Scope, alertId: string): Promise<void> {
  const [alert] = await db.select({ id: alerts.id }).from(alerts).where(inScope(alerts, scope, eq(alerts.id, alertId)));
  if (!alert) throw new ApiError("resource_not_found", `No such alert: ${alertId}.`, "alert_id");
  const [existing] = await db
    .select({ id: cases.id, status: cases.status })
    .from(cases)
    .where(inScope(cases, scope, eq(cases.alertId, alertId), ne(cases.status, "closed")));
  if (existing) throw alertTaken(alertId, existing);
}

/** POST /v1/cases: the whole case; `case.updated` fires when it is created with an assignee. */
export async function createCase(db: Db, ctx: CaseCtx, input: CreateCaseInput): Promise<CaseResource> {
  const linked = unique(input.transactionIds ?? []);
  await assertTransactionsExist(db, ctx.scope, input.transactionIds ?? []);
  if (input.alertId !== undefined) await assertAlertFree(db, ctx.scope, input.alertId);
  const actor = input.actorId ?? ctx.defaultActor;
  const [row] = await db
    .insert(cases)
    .values({
      id: newId("case"),
      ...scopeValues(ctx.scope),
      title: input.title,
      caseType: input.caseType,
      status: "open",
      severity: input.severity ?? "medium",
      transactionIds: linked,
      userId: input.userId ?? null,
      assigneeId: input.assigneeId ?? null,
      alertId: input.alertId ?? null,
    })
    .returning()
    .catch((err: unknown) => {
      // Another case for the alert committed between the check and this insert.
      if (violatesUnique(err, ALERT_ACTIVE_INDEX)) throw alertTaken(input.alertId!, null);
      throw err;
    });
  const created = row as CaseRow;
  const entries: Entry[] = [{ action: "created", details: {} }];
  // The first assignment is a change of assignee too: the timeline shows who assigned it.
  if (created.assigneeId) entries.push({ action: "assignee_changed", details: { from: null, to: created.assigneeId } });
  if (input.notes !== undefined) entries.push({ action: "note_added", details: { note: input.notes } });
  await append(db, ctx.scope, created.id, actor, entries);
  const resource = await loadCaseResource(db, created);
  if (created.assigneeId) await emitWebhookEvent(db, ctx.jobs, ctx.scope, "case.updated", resource);
  return resource;
}

/**
 * The audit entries one PATCH produces, in a fixed order: status_changed, severity_changed,
 * assignee_changed, transactions_linked, note_added (a note usually explains the change before it).
 * Values equal to the current ones produce nothing.
 */
function plan(row: CaseRow, input: UpdateCaseInput, newlyLinked: string[]): Entry[] {
  const entries: Entry[] = [];
  if (input.status !== undefined && input.status !== row.status) {
    entries.push({ action: "status_changed", details: { from: row.status, to: input.status } });
  }
  if (input.severity !== undefined && input.severity !== row.severity) {
    entries.push({ action: "severity_changed", details: { from: row.severity, to: input.severity } });
  }
  if (input.assigneeId !== undefined && input.assigneeId !== row.assigneeId) {
    entries.push({ action: "assignee_changed", details: { from: row.assigneeId, to: input.assigneeId } });
  }
  if (newlyLinked.length > 0) entries.push({ action: "transactions_linked", details: { transaction_ids: newlyLinked } });
  if (input.notes !== undefined) entries.push({ action: "note_added", details: { note: input.notes } });
  return entries;
}

async function lockCase(db: Db, scope: Scope, id: string): Promise<CaseRow> {
  const [row] = await db.select().from(cases).where(inScope(cases, scope, eq(cases.id, id))).for("update");
  if (!row) throw notFound("case", "id");
  return row;
}

/**
 * PATCH /v1/cases/{id}: every change in one transaction, one audit entry per change, one
 * `case.updated` webhook for the request, and the version grows by one. A request that changes
 * nothing appends nothing, emits nothing and leaves `updated_at` and the version alone. Illegal
 * status moves are 422, and a stale If-Match version 409: both change nothing.
 */
export async function updateCase(db: Db, ctx: CaseCtx, id: string, input: UpdateCaseInput): Promise<CaseResource> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await lockCase(tx, ctx.scope, id);
    assertVersion("case", row.version, input.expectedVersion);
    if (input.transactionIds) await assertTransactionsExist(tx, ctx.scope, input.transactionIds);
    if (input.status !== undefined && classifyMove(row.status, input.status) === "illegal") {
      const next = nextStatuses(row.status);
      throw new ApiError(
        "invalid_state_transition",
        `A case in status ${row.status} cannot move to ${input.status}; it may move to ${next.join(" or ")}.`,
        "status",
      );
    }
    const already = new Set(row.transactionIds);
    const newlyLinked = unique(input.transactionIds ?? []).filter((t) => !already.has(t));
    const entries = plan(row, input, newlyLinked);
    if (entries.length === 0) return loadCaseResource(tx, row);

    const [updated] = await tx
      .update(cases)
      .set({
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.severity !== undefined ? { severity: input.severity } : {}),
        ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
        ...(newlyLinked.length > 0 ? { transactionIds: [...row.transactionIds, ...newlyLinked] } : {}),
        version: sql`${cases.version} + 1`,
        updatedAt: sql`greatest(${nowMs}, ${cases.updatedAt})`,
      })
      .where(eq(cases.id, row.id))
      .returning();
    await append(tx, ctx.scope, row.id, input.actorId ?? ctx.defaultActor, entries);
    const resource = await loadCaseResource(tx, updated as CaseRow);
    await emitWebhookEvent(tx, ctx.jobs, ctx.scope, "case.updated", resource);
    return resource;
  });
}

/**
 * POST /v1/cases/claim ("next case"): assigns the highest-priority unassigned open case
 * (severity critical→low, then oldest) to `assigneeId`. SKIP LOCKED lets concurrent claims pass
 * over a case another claim holds, so two analysts never get the same case. Null when none is left.
 */
export async function claimNextCase(
  db: Db,
  ctx: CaseCtx,
  input: { assigneeId: string; actorId?: string; caseType?: CaseType },
): Promise<CaseResource | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const claimed = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .select()
        .from(cases)
        .where(
          inScope(
            cases,
            ctx.scope,
            eq(cases.status, "open"),
            isNull(cases.assigneeId),
            input.caseType ? eq(cases.caseType, input.caseType) : undefined,
          ),
        )
        .orderBy(sql`${cases.severityRank} desc`, cases.createdAt, cases.id)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      const [updated] = await tx
        .update(cases)
        .set({ assigneeId: input.assigneeId, version: sql`${cases.version} + 1`, updatedAt: sql`greatest(${nowMs}, ${cases.updatedAt})` })
        .where(and(eq(cases.id, row.id), eq(cases.status, "open"), isNull(cases.assigneeId)))
        .returning();
      // Taken between our read and our lock: look again.
      if (!updated) return "retry" as const;
      await append(tx, ctx.scope, row.id, input.actorId ?? ctx.defaultActor, [
        { action: "assignee_changed", details: { from: null, to: input.assigneeId } },
      ]);
      const resource = await loadCaseResource(tx, updated);
      await emitWebhookEvent(tx, ctx.jobs, ctx.scope, "case.updated", resource);
      return resource;
    });
    if (claimed !== "retry") return claimed;
  }
  return null;
}
