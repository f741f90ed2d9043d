import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cases, transactions, type CaseStatus, type CaseType, type Resolution, type SeverityLevel } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { violatesUnique } from "../../db/errors";
import type { JobQueue } from "../../jobs/queue";
import { ApiError, notFound } from "../../core/errors";
import { newId } from "../../core/ids";
import { assertVersion } from "../../core/version-conflict";
import { emitWebhookEvent } from "../webhooks";
import { applyReview, heldElsewhere, linkAlertsToCase, lockAlerts, type AlertRef } from "../alerts";
import { classifyMove, nextStatuses } from "./state";
import { loadCaseResource, type CaseResource, type CaseRow } from "./serialize";
import { appendEntries as append, type Entry, type Snapshot } from "./chain";
import { queueAutoAssignment } from "./auto-assign";
import { drawQualityReview } from "../quality";

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
  /** The alert the case is opened from (an addition): the first linked alert. */
  alertId?: string;
  /** Alerts linked with it, after `alertId` (an addition). */
  alertIds?: string[];
  /** What the analyst had on screen (README.md, "What the analyst saw"); stored on every entry of the request. */
  snapshot?: Snapshot | null;
};

export type UpdateCaseInput = {
  /** If-Match: the change applies only to this version (409 otherwise, nothing changed). */
  expectedVersion?: number;
  status?: CaseStatus;
  notes?: string;
  assigneeId?: string | null;
  /** Why the case changes hands, recorded in its `assignee_changed` entry (with `assigneeId` only). */
  assignmentReason?: string;
  transactionIds?: string[];
  severity?: SeverityLevel;
  /** Alerts to link, appended to the linked ones (an addition). */
  alertIds?: string[];
  /** The outcome, recorded when the case is (or ends) resolved (an addition). */
  resolution?: Resolution;
  actorId?: string;
  snapshot?: Snapshot | null;
};

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

/** The alerts a create names: `alert_id` first, then `alert_ids`, each with its parameter. */
function alertRefs(input: CreateCaseInput): AlertRef[] {
  const refs: AlertRef[] = input.alertId !== undefined ? [{ id: input.alertId, param: "alert_id" }] : [];
  (input.alertIds ?? []).forEach((id, i) => refs.push({ id, param: `alert_ids.${i}` }));
  return refs;
}

/**
 * POST /v1/cases: the whole case; `case.updated` fires when it is created with an assignee. Linking
 * locks each alert, so two requests naming one alert make one case and the other is 422.
 */
export async function createCase(db: Db, ctx: CaseCtx, input: CreateCaseInput): Promise<CaseResource> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const linked = unique(input.transactionIds ?? []);
    await assertTransactionsExist(tx, ctx.scope, input.transactionIds ?? []);
    const refs = alertRefs(input);
    const alertIds = unique(refs.map((r) => r.id));
    const actor = input.actorId ?? ctx.defaultActor;
    // The case is written first without its alerts: linking checks each alert is free (404, 422).
    const [inserted] = await tx
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
      })
      .returning();
    let row = inserted as CaseRow;
    if (alertIds.length > 0) {
      await linkAlertsToCase(tx, ctx.scope, row.id, refs, actor);
      const [withAlerts] = await tx.update(cases).set({ alertId: alertIds[0]!, alertIds }).where(eq(cases.id, row.id)).returning();
      row = withAlerts as CaseRow;
    }
    const created = row;
    const entries: Entry[] = [{ action: "created", details: {} }];
    // The first assignment is a change of assignee too: the timeline shows who assigned it.
    if (created.assigneeId) entries.push({ action: "assignee_changed", details: { from: null, to: created.assigneeId } });
    if (input.notes !== undefined) entries.push({ action: "note_added", details: { note: input.notes } });
    await append(tx, ctx.scope, created.id, actor, entries, input.snapshot ?? null);
    const resource = await loadCaseResource(tx, created);
    if (created.assigneeId) await emitWebhookEvent(tx, ctx.jobs, ctx.scope, "case.updated", resource);
    else await queueAutoAssignment(tx, ctx.jobs, ctx.scope, created.id);
    return resource;
  });
}

/** What a PATCH changes beyond the row's own fields. */
type Changes = { newlyLinked: string[]; newlyLinkedAlerts: string[]; resolution: Resolution | null };

/**
 * The audit entries one PATCH produces, in a fixed order: status_changed, resolution_changed,
 * severity_changed, assignee_changed, transactions_linked, alerts_linked, note_added (a note usually
 * explains the change before it). Values equal to the current ones produce nothing.
 */
function plan(row: CaseRow, input: UpdateCaseInput, ch: Changes): Entry[] {
  const entries: Entry[] = [];
  if (input.status !== undefined && input.status !== row.status) {
    entries.push({ action: "status_changed", details: { from: row.status, to: input.status } });
  }
  if (ch.resolution !== row.resolution)
    entries.push({ action: "resolution_changed", details: { from: row.resolution, to: ch.resolution } });
  if (input.severity !== undefined && input.severity !== row.severity) {
    entries.push({ action: "severity_changed", details: { from: row.severity, to: input.severity } });
  }
  if (input.assigneeId !== undefined && input.assigneeId !== row.assigneeId) {
    const reason = input.assignmentReason !== undefined ? { reason: input.assignmentReason } : {};
    entries.push({ action: "assignee_changed", details: { from: row.assigneeId, to: input.assigneeId, ...reason } });
  }
  if (ch.newlyLinked.length > 0) entries.push({ action: "transactions_linked", details: { transaction_ids: ch.newlyLinked } });
  if (ch.newlyLinkedAlerts.length > 0) entries.push({ action: "alerts_linked", details: { alert_ids: ch.newlyLinkedAlerts } });
  if (input.notes !== undefined) entries.push({ action: "note_added", details: { note: input.notes } });
  return entries;
}

/**
 * The case's resolution after a PATCH: what it sends (only when the case ends resolved, else 422),
 * else the current one while the case stays resolved or is closed; moving back to review clears it.
 */
function nextResolution(row: CaseRow, input: UpdateCaseInput): Resolution | null {
  const status = input.status ?? row.status;
  if (input.resolution !== undefined && status !== "resolved") {
    throw new ApiError(
      "unprocessable",
      `A resolution is recorded when the case is resolved; this case is ${status}. Send it with status resolved.`,
      "resolution",
    );
  }
  if (status === "resolved") return input.resolution ?? row.resolution;
  return status === "closed" ? row.resolution : null;
}

async function lockCase(db: Db, scope: Scope, id: string): Promise<CaseRow> {
  const [row] = await db
    .select()
    .from(cases)
    .where(inScope(cases, scope, eq(cases.id, id)))
    .for("update");
  if (!row) throw notFound("case", "id");
  return row;
}

/**
 * PATCH /v1/cases/{id}: every change in one transaction, one audit entry per change, one
 * `case.updated` webhook for the request, and the version grows by one. A request that changes
 * nothing appends nothing, emits nothing and leaves `updated_at` and the version alone. Illegal
 * status moves are 422, and a stale If-Match version 409: both change nothing. Resolving the case
 * resolves its open and acknowledged alerts with the same resolution and notes (README.md, "Alerts and outcomes").
 */
export async function updateCase(db: Db, ctx: CaseCtx, id: string, input: UpdateCaseInput): Promise<CaseResource> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (input.assignmentReason !== undefined && input.assigneeId === undefined) {
      throw new ApiError(
        "invalid_field_value",
        "assignment_reason explains a change of assignee: send it with assignee_id.",
        "assignment_reason",
      );
    }
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
    if (row.status === "closed" && input.status !== undefined && input.status !== "closed") {
      // A closed case's alerts may have joined another case since: one case at a time per alert.
      await lockAlerts(tx, ctx.scope, row.alertIds);
      const held = await heldElsewhere(tx, ctx.scope, row.id, row.alertIds);
      if (held)
        throw new ApiError(
          "unprocessable",
          `Alert ${held.alertId} now belongs to case ${held.caseId}, which is not closed; this case cannot be reopened while it does.`,
          "status",
        );
    }
    const resolution = nextResolution(row, input);
    const resolving = input.status === "resolved" && row.status !== "resolved";
    const actor = input.actorId ?? ctx.defaultActor;
    // Every alert this request may touch is locked at once, in the engine's lock order.
    if (input.alertIds?.length || resolving) await lockAlerts(tx, ctx.scope, [...row.alertIds, ...(input.alertIds ?? [])]);
    const refs = (input.alertIds ?? []).map((a, i) => ({ id: a, param: `alert_ids.${i}` }));
    const joined = await linkAlertsToCase(tx, ctx.scope, row.id, refs, actor);
    const alreadyAlerts = new Set(row.alertIds);
    const newlyLinkedAlerts = unique(input.alertIds ?? []).filter((a) => !alreadyAlerts.has(a) || joined.includes(a));
    const already = new Set(row.transactionIds);
    const newlyLinked = unique(input.transactionIds ?? []).filter((t) => !already.has(t));
    const entries = plan(row, input, { newlyLinked, newlyLinkedAlerts, resolution });
    if (resolving) {
      const alertIds = unique([...row.alertIds, ...newlyLinkedAlerts]);
      const locked = await lockAlerts(tx, ctx.scope, alertIds);
      const open = locked
        .filter((a) => a.caseId === row.id && a.status !== "resolved")
        .sort((x, y) => alertIds.indexOf(x.id) - alertIds.indexOf(y.id));
      await applyReview(
        tx,
        ctx.scope,
        open,
        { status: "resolved", resolution: resolution ?? undefined, notes: input.notes },
        actor,
        row.id,
      );
      if (open.length > 0) entries.push({ action: "alerts_resolved", details: { alert_ids: open.map((a) => a.id), resolution } });
    }
    if (entries.length === 0) return loadCaseResource(tx, row);

    const allAlerts = unique([...row.alertIds, ...newlyLinkedAlerts]);
    const [updated] = await tx
      .update(cases)
      .set({
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.severity !== undefined ? { severity: input.severity } : {}),
        ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
        ...(newlyLinked.length > 0 ? { transactionIds: [...row.transactionIds, ...newlyLinked] } : {}),
        ...(newlyLinkedAlerts.length > 0 ? { alertIds: allAlerts, alertId: row.alertId ?? allAlerts[0]! } : {}),
        resolution,
        version: sql`${cases.version} + 1`,
        updatedAt: sql`greatest(${nowMs}, ${cases.updatedAt})`,
      })
      .where(eq(cases.id, row.id))
      .returning()
      .catch((err: unknown) => {
        // Reopening a closed case whose first alert has joined another case since.
        if (violatesUnique(err, "cases_alert_active_idx")) {
          throw new ApiError(
            "unprocessable",
            `Alert ${row.alertId} now belongs to another case that is not closed; this case cannot be reopened while it does.`,
            "status",
          );
        }
        throw err;
      });
    await append(tx, ctx.scope, row.id, actor, entries, input.snapshot ?? null);
    const resource = await loadCaseResource(tx, updated as CaseRow);
    // A case that now stands resolved with an outcome is drawn for a blind second review (every
    // resolving path ends here: PATCH, the console's bulk actions, an approved four-eyes resolution).
    if (updated!.status === "resolved" && updated!.resolution && !(row.status === "resolved" && row.resolution)) {
      const lastSeq = resource.events.at(-1)!.seq;
      await drawQualityReview(tx, ctx.scope, {
        caseId: row.id,
        analystId: actor,
        resolution: updated!.resolution,
        resolvedSeq: lastSeq - entries.length + 1,
      });
    }
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
  input: { assigneeId: string; actorId?: string; caseType?: CaseType; snapshot?: Snapshot | null },
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
      await append(
        tx,
        ctx.scope,
        row.id,
        input.actorId ?? ctx.defaultActor,
        [{ action: "assignee_changed", details: { from: null, to: input.assigneeId } }],
        input.snapshot ?? null,
      );
      const resource = await loadCaseResource(tx, updated);
      await emitWebhookEvent(tx, ctx.jobs, ctx.scope, "case.updated", resource);
      return resource;
    });
    if (claimed !== "retry") return claimed;
  }
  return null;
}
