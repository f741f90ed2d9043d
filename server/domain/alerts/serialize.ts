import type { alertEvents, alerts } from "../../db/schema";
import { iso } from "../../core/time";
import { slaState } from "../../core/sla-clock";

export type AlertRow = typeof alerts.$inferSelect;

/** The wire shape of an alert (README.md, "API"), with resolution_notes, key, exposure and evidence. */
export function serializeAlert(row: AlertRow) {
  return {
    object: "alert" as const,
    alert_id: row.id,
    alert_type: row.alertType,
    severity: row.severity,
    status: row.status,
    affected_users: row.affectedUsers,
    affected_transactions: row.affectedTransactions,
    summary: row.summary,
    resolution_notes: row.resolutionNotes,
    resolution: row.resolution,
    case_id: row.caseId,
    key: row.key,
    confidence: row.confidence,
    exposure: { amount: row.exposureAmount, currency: row.exposureCurrency },
    evidence: row.evidence ?? {},
    version: row.version,
    due_at: iso(row.dueAt),
    sla_state: slaState({ ...row, finished: row.status === "resolved" }, new Date()),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export type AlertResource = ReturnType<typeof serializeAlert>;

/** An entry of an alert's history: `from`/`to` (status, resolution), `note`, `case_id`. */
export function serializeAlertEvent(row: typeof alertEvents.$inferSelect) {
  return {
    event_id: row.id,
    seq: row.seq,
    action: row.action,
    actor_id: row.actorId,
    timestamp: iso(row.createdAt),
    ...row.details,
  };
}
