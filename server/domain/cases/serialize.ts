import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { caseEvents, type cases } from "../../db/schema";
import { iso } from "../../core/time";
import { slaState } from "../../core/sla-clock";

export type CaseRow = typeof cases.$inferSelect;
export type CaseEventRow = typeof caseEvents.$inferSelect;

/**
 * A case audit entry: `action`, `actor_id`, `timestamp` plus what changed:
 * `from`/`to` (status, resolution, assignee, severity), `note` (note_added), `transaction_ids` and
 * `alert_ids` (newly linked, or the alerts the case resolved), `resolution` (alerts_resolved).
 */
export function serializeCaseEvent(row: CaseEventRow) {
  return {
    event_id: row.id,
    seq: row.seq,
    action: row.action,
    actor_id: row.actorId,
    timestamp: iso(row.createdAt),
    ...row.details,
    snapshot: row.snapshot ?? null,
    hash: row.hash,
  };
}

export function serializeCase(row: CaseRow, events: CaseEventRow[]) {
  return {
    object: "case" as const,
    case_id: row.id,
    title: row.title,
    case_type: row.caseType,
    status: row.status,
    severity: row.severity,
    transaction_ids: row.transactionIds,
    user_id: row.userId,
    assignee_id: row.assigneeId,
    alert_id: row.alertId,
    alert_ids: row.alertIds,
    resolution: row.resolution,
    version: row.version,
    due_at: iso(row.dueAt),
    sla_state: slaState({ ...row, finished: row.status === "resolved" || row.status === "closed" }, new Date()),
    events: events.map(serializeCaseEvent),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export type CaseResource = ReturnType<typeof serializeCase>;

/** The audit logs of several cases, each in commit order (`seq`). */
export async function eventsOf(db: Db, caseIds: string[]): Promise<Map<string, CaseEventRow[]>> {
  const byCase = new Map<string, CaseEventRow[]>(caseIds.map((id) => [id, []]));
  if (caseIds.length === 0) return byCase;
  const found = await db
    .select()
    .from(caseEvents)
    .where(caseIds.length === 1 ? eq(caseEvents.caseId, caseIds[0]!) : inArray(caseEvents.caseId, caseIds))
    .orderBy(asc(caseEvents.caseId), asc(caseEvents.seq));
  for (const e of found) byCase.get(e.caseId)?.push(e);
  return byCase;
}

export async function loadCaseResource(db: Db, row: CaseRow): Promise<CaseResource> {
  const events = await eventsOf(db, [row.id]);
  return serializeCase(row, events.get(row.id) ?? []);
}
