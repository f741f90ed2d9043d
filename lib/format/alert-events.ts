import { alertStatusLabels } from "./alert";
import { resolutionLabel } from "./resolution";
import type { AlertEvent, AlertStatus } from "../api/wire";

// How an alert's history entry reads (server/domain/alerts/README.md, history).

const statusLabel = (value: string | null | undefined) => (value ? (alertStatusLabels[value as AlertStatus] ?? value) : "—");

/** The entry as a phrase after the actor's name; `viaCase` says when a case's resolution did it. */
export function describeAlertEvent(event: AlertEvent): string {
  const viaCase = event.case_id && event.action !== "case_linked" ? ` (through case ${event.case_id})` : "";
  switch (event.action) {
    case "status_changed":
      return `changed the status from ${statusLabel(event.from)} to ${statusLabel(event.to)}${viaCase}`;
    case "resolution_changed":
      return event.to ? `set the outcome to ${resolutionLabel(event.to)}${viaCase}` : `cleared the outcome${viaCase}`;
    case "notes_changed":
      return `changed the resolution notes${viaCase}`;
    case "case_linked":
      return `linked the alert to case ${event.case_id ?? "—"}`;
    default:
      return event.action;
  }
}
