import type { EventType } from "../api/wire";

// Event types in the console's words.

export const eventTypeLabels: Record<EventType, string> = {
  "transaction.scored": "Transaction scored",
  "transaction.blocked": "Transaction blocked",
  "identity.verified": "Identity verified",
  "device.session_created": "Device session created",
  "alert.triggered": "Alert triggered",
  "decision.submitted": "Decision submitted",
};

export function eventTypeLabel(type: string): string {
  return (eventTypeLabels as Record<string, string>)[type] ?? type;
}
