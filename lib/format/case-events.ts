import { caseStatusLabels } from "./case";
import { resolutionLabel } from "./resolution";
import type { CaseEvent, CaseStatus } from "../api/wire";

// How a case audit entry reads, for the timeline and for "what changed" after a version conflict.

const statusLabel = (value: string | null | undefined) => (value ? (caseStatusLabels[value as CaseStatus] ?? value) : "—");

const count = (ids: readonly string[] | undefined, noun: string) => `${ids?.length ?? 0} ${noun}${ids?.length === 1 ? "" : "s"}`;

/**
 * The entry as a phrase after the actor's name, in parts: text, and people as `name` renders them
 * (a string for messages, an element for the timeline, which shows others' text visibly).
 */
export function describeCaseEvent<T>(event: CaseEvent, name: (id: string | null | undefined) => T): (string | T)[] {
  switch (event.action) {
    case "created":
      return ["opened the case"];
    case "note_added":
      return ["added a note"];
    case "status_changed":
      return [`changed the status from ${statusLabel(event.from)} to ${statusLabel(event.to)}`];
    case "severity_changed":
      return [`changed the severity from ${event.from ?? "—"} to ${event.to ?? "—"}`];
    case "assignee_changed":
      if (!event.to) return ["unassigned the case (was ", name(event.from), ")"];
      return event.from
        ? ["assigned the case to ", name(event.to), " (was ", name(event.from), ")"]
        : ["assigned the case to ", name(event.to)];
    case "transactions_linked":
      return [`linked ${event.transaction_ids?.length ?? 0} transaction${event.transaction_ids?.length === 1 ? "" : "s"}`];
    case "alerts_linked":
      return [`linked ${count(event.alert_ids, "alert")}`];
    case "resolution_changed":
      return event.to
        ? [`set the outcome to ${resolutionLabel(event.to)}${event.from ? ` (was ${resolutionLabel(event.from)})` : ""}`]
        : [`cleared the outcome (was ${resolutionLabel(event.from)})`];
    case "sla_breached":
      return ["recorded that the case passed its due time (SLA breached)"];
    case "alerts_resolved":
      return [`resolved ${count(event.alert_ids, "linked alert")} as ${resolutionLabel(event.resolution)}`];
    default:
      return [event.action];
  }
}

/** Sentences for the entries after `seenSeq`, oldest first ("Ana changed the status from Open to Resolved."). */
export function caseChangesSince(events: CaseEvent[], seenSeq: number, names: Record<string, string>): string[] {
  const name = (id: string | null | undefined) => (id ? (names[id] ?? id) : "nobody");
  return events.filter((e) => e.seq > seenSeq).map((e) => `${name(e.actor_id)} ${describeCaseEvent(e, name).join("")}.`);
}
