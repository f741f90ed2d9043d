import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alertEvents, alerts, cases, type AlertAction, type Resolution } from "../../db/schema";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { ApiError } from "../../core/errors";
import { newId } from "../../core/ids";
import type { AlertRow } from "./serialize";

// The review of an alert (README.md, "Review and history"): its status, resolution and notes, the
// case it belongs to, and the history of those changes. Writers hold the alert row (FOR UPDATE)
// while they change it and number its history, so the last entry is always the latest change.
// Every writer that locks several alerts takes them in (alert_type, key, id) order, the order in
// which the detection engine locks the open alerts it folds hits into, so no two writers deadlock.

export type AlertEventRow = typeof alertEvents.$inferSelect;
type Entry = { action: AlertAction; details: Record<string, unknown> };

/** What one request changes on an alert. `resolution` is kept only while the alert is resolved. */
export type AlertReview = {
  status: "acknowledged" | "resolved";
  resolution?: Resolution;
  notes?: string;
};

const nowMs = sql`date_trunc('milliseconds', now())`;

export async function appendHistory(db: Db, scope: Scope, alertId: string, actorId: string, entries: Entry[]): Promise<void> {
  if (entries.length === 0) return;
  const last = sql<number>`(select coalesce(max(${alertEvents.seq}), 0) from ${alertEvents} where ${alertEvents.alertId} = ${alertId})`;
  await db.insert(alertEvents).values(
    entries.map((e, i) => ({
      id: newId("aevt"),
      ...scopeValues(scope),
      alertId,
      action: e.action,
      actorId,
      details: e.details,
      seq: sql<number>`${last} + ${i + 1}`,
    })),
  );
}

/** The alerts of this scope among `ids`, locked, in the engine's lock order. */
export async function lockAlerts(db: Db, scope: Scope, ids: string[]): Promise<AlertRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(inScope(alerts, scope, inArray(alerts.id, [...new Set(ids)])))
    .orderBy(asc(alerts.alertType), asc(alerts.key), asc(alerts.id))
    .for("update");
}

/** The entries a review produces on a locked alert, in a fixed order; none when nothing changes. */
function plan(row: AlertRow, review: AlertReview, caseId: string | undefined): Entry[] {
  const via = caseId ? { case_id: caseId } : {};
  const entries: Entry[] = [];
  const resolution = review.status === "resolved" ? (review.resolution ?? row.resolution) : null;
  if (review.status !== row.status) entries.push({ action: "status_changed", details: { from: row.status, to: review.status, ...via } });
  if (resolution !== row.resolution)
    entries.push({ action: "resolution_changed", details: { from: row.resolution, to: resolution, ...via } });
  if (review.notes !== undefined && review.notes !== row.resolutionNotes)
    entries.push({ action: "notes_changed", details: { note: review.notes, ...via } });
  return entries;
}

/**
 * Applies a review to locked alerts: each that changes gets its new state, version + 1 and its
 * history entries (with `case_id` when its case resolved it). Returns every alert as it now is.
 */
export async function applyReview(
  db: Db,
  scope: Scope,
  locked: AlertRow[],
  review: AlertReview,
  actorId: string,
  caseId?: string,
): Promise<AlertRow[]> {
  const result: AlertRow[] = [];
  for (const row of locked) {
    const entries = plan(row, review, caseId);
    if (entries.length === 0) {
      result.push(row);
      continue;
    }
    const [updated] = await db
      .update(alerts)
      .set({
        status: review.status,
        resolution: review.status === "resolved" ? (review.resolution ?? row.resolution) : null,
        ...(review.notes !== undefined ? { resolutionNotes: review.notes } : {}),
        version: sql`${alerts.version} + 1`,
        updatedAt: sql`greatest(${nowMs}, ${alerts.updatedAt})`,
      })
      .where(eq(alerts.id, row.id))
      .returning();
    await appendHistory(db, scope, row.id, actorId, entries);
    result.push(updated as AlertRow);
  }
  return result;
}

/** An alert named by a request, with the parameter that named it (for 404 and 422). */
export type AlertRef = { id: string; param: string };

/**
 * Links alerts to a case (server/domain/cases/README.md, "Alerts and outcomes"): each must exist in this scope (404
 * naming its parameter) and belong to no other case that is not closed (422 naming it and that
 * case). An alert that joins gets `case_id`, version + 1 and a `case_linked` entry. Returns the
 * ids of the alerts that joined (those already in the case are left as they are).
 */
export async function linkAlertsToCase(db: Db, scope: Scope, caseId: string, refs: AlertRef[], actorId: string): Promise<string[]> {
  if (refs.length === 0) return [];
  const locked = await lockAlerts(
    db,
    scope,
    refs.map((r) => r.id),
  );
  const byId = new Map(locked.map((a) => [a.id, a]));
  const missing = refs.find((r) => !byId.has(r.id));
  if (missing) throw new ApiError("resource_not_found", `No such alert: ${missing.id}.`, missing.param);
  const otherCaseIds = [...new Set(locked.map((a) => a.caseId).filter((c): c is string => c !== null && c !== caseId))];
  if (otherCaseIds.length > 0) {
    const active = await db
      .select({ id: cases.id, status: cases.status })
      .from(cases)
      .where(inScope(cases, scope, inArray(cases.id, otherCaseIds), sql`${cases.status} <> 'closed'`));
    const activeById = new Map(active.map((c) => [c.id, c.status]));
    const taken = refs.find((r) => {
      const other = byId.get(r.id)!.caseId;
      return other !== null && activeById.has(other);
    });
    if (taken) {
      const other = byId.get(taken.id)!.caseId!;
      throw new ApiError(
        "unprocessable",
        `Alert ${taken.id} already belongs to case ${other} (${activeById.get(other)}); work it there. It may join another case once that one is closed.`,
        taken.param,
      );
    }
  }
  const joined = locked.filter((a) => a.caseId !== caseId).map((a) => a.id);
  for (const id of joined) {
    await db
      .update(alerts)
      .set({ caseId, version: sql`${alerts.version} + 1`, updatedAt: sql`greatest(${nowMs}, ${alerts.updatedAt})` })
      .where(eq(alerts.id, id));
    await appendHistory(db, scope, id, actorId, [{ action: "case_linked", details: { case_id: caseId } }]);
  }
  return joined;
}

/** The first of `alertIds` that another case not closed holds now, with that case; null when none. */
export async function heldElsewhere(
  db: Db,
  scope: Scope,
  caseId: string,
  alertIds: string[],
): Promise<{ alertId: string; caseId: string } | null> {
  if (alertIds.length === 0) return null;
  const [held] = await db
    .select({ alertId: alerts.id, caseId: cases.id })
    .from(alerts)
    .innerJoin(cases, eq(cases.id, alerts.caseId))
    .where(inScope(alerts, scope, inArray(alerts.id, alertIds), sql`${alerts.caseId} <> ${caseId}`, sql`${cases.status} <> 'closed'`))
    .limit(1);
  return held ?? null;
}

/** An alert's history in commit order (`seq`). */
export async function historyOf(db: Db, alertId: string): Promise<AlertEventRow[]> {
  return db.select().from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(asc(alertEvents.seq));
}
