import { Badge } from "@/components/ui/badge";
import { alertSeverityLabels, alertStatusLabels } from "@/lib/format/alert";
import type { AlertSeverity, AlertStatus } from "@/lib/api/wire";

// Severity colours carry the risk: critical and high in red (critical solid-weighted), medium
// amber, low neutral. The word is always shown too: colour is never the only signal.
const severityTone = { critical: "danger", high: "danger", medium: "warning", low: "neutral" } as const;

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  return (
    <Badge tone={severityTone[severity]} className={severity === "critical" ? "font-semibold uppercase ring-1 ring-danger/60" : undefined}>
      {alertSeverityLabels[severity]}
    </Badge>
  );
}

const statusTone = { open: "accent", acknowledged: "warning", resolved: "success" } as const;

export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  return <Badge tone={statusTone[status]}>{alertStatusLabels[status]}</Badge>;
}
