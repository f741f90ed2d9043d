import type { AlertSeverity, AlertStatus } from "../api/wire";

// Alerts in the console's words.

export const alertSeverityLabels: Record<AlertSeverity, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };
export const alertStatusLabels: Record<AlertStatus, string> = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" };
export const alertTypeLabels: Record<string, string> = {
  velocity_spike: "Velocity spike",
  new_device_cluster: "New device cluster",
  ato_pattern: "Account takeover pattern",
  card_testing: "Card testing",
  identity_abuse: "Identity abuse",
};

export function alertTypeLabel(type: string): string {
  return alertTypeLabels[type] ?? type;
}
