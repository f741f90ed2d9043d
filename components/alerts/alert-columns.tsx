"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { Button } from "@/components/ui/button";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { alertTypeLabel } from "@/lib/format/alert";
import type { Alert } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { AlertStatusBadge, SeverityBadge } from "@/components/ui/severity-badge";
import { UserText } from "@/components/ui/user-text";
import { Age, SlaBadge } from "@/components/ui/sla-badge";

const columns = createDataTableColumns<Alert>();
const numberFormat = new Intl.NumberFormat("en-GB");

type Options = {
  onAcknowledge: (alert: Alert) => void;
  onResolve: (alert: Alert) => void;
  /** The alert whose change is being sent (its buttons wait). */
  pendingId: string | null;
};

/** Columns of the alert queue; severity, created and due sort on the server (use-alert-sorting), the rest not at all. */
export function alertColumns({ onAcknowledge, onResolve, pendingId }: Options) {
  return columns.columns([
    columns.accessor("severity", { header: "Severity", cell: ({ row }) => <SeverityBadge severity={row.original.severity} /> }),
    columns.accessor("alert_type", {
      enableSorting: false,
      header: "Type",
      // Wraps (two lines at most): at 1440 px every column of the queue must fit without scrolling.
      cell: ({ row }) => <span className="block min-w-24">{alertTypeLabel(row.original.alert_type)}</span>,
    }),
    columns.accessor("summary", {
      enableSorting: false,
      header: "Summary",
      cell: ({ row }) => (
        <IntentLink
          href={`/alerts/${encodeURIComponent(row.original.alert_id)}`}
          className="font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          <UserText value={row.original.summary} />
        </IntentLink>
      ),
      meta: { cellClassName: "min-w-52 max-w-md [overflow-wrap:anywhere]" },
    }),
    columns.accessor("affected_users", {
      enableSorting: false,
      header: () => <span title="Affected users / affected transactions">Users / txns</span>,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {numberFormat.format(row.original.affected_users)} <span className="text-muted-foreground">/</span>{" "}
          {numberFormat.format(row.original.affected_transactions)}
        </span>
      ),
      meta: { align: "end" },
    }),
    // Created and last updated share a column (updated below, smaller): two date columns did not
    // fit beside the actions at 1440 px and the last column was clipped.
    columns.accessor("created_at", {
      header: "Created (UTC)",
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <DateTime value={row.original.created_at} zone={false} />
          {row.original.updated_at !== row.original.created_at ? (
            <span className="text-xs whitespace-nowrap text-muted-foreground">
              updated <DateTime value={row.original.updated_at} zone={false} />
            </span>
          ) : null}
        </span>
      ),
    }),
    columns.accessor("status", {
      enableSorting: false,
      header: "Status",
      cell: ({ row }) => <AlertStatusBadge status={row.original.status} />,
    }),
    // The SLA clock and the age share a column, for the width reason above.
    columns.accessor("due_at", {
      header: "Due",
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <SlaBadge dueAt={row.original.due_at} state={row.original.sla_state} finished={row.original.status === "resolved"} stacked />
          <span className="text-xs text-muted-foreground">
            age <Age createdAt={row.original.created_at} />
          </span>
        </span>
      ),
    }),
    columns.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => {
        const alert = row.original;
        const busy = pendingId === alert.alert_id;
        return (
          <span className="flex flex-col items-end gap-1">
            {alert.status === "open" ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => onAcknowledge(alert)}
                aria-label={`Acknowledge alert: ${revealHidden(alert.summary)}`}
              >
                Acknowledge
              </Button>
            ) : null}
            {alert.status !== "resolved" ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => onResolve(alert)}
                aria-label={`Resolve alert: ${revealHidden(alert.summary)}`}
              >
                Resolve
              </Button>
            ) : null}
          </span>
        );
      },
      meta: { align: "end" },
    }),
  ]);
}
