"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { Age, SlaBadge } from "@/components/ui/sla-badge";
import { NativeSelect } from "@/components/ui/input";
import { caseTypeLabels } from "@/lib/format/case";
import type { Case } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";
import { CaseStatusBadge } from "./case-badges";

const columns = createDataTableColumns<Case>();

type Options = {
  names: Record<string, string>;
  /** Leads assign from the queue; null for analysts. */
  assign: {
    analysts: { id: string; name: string }[];
    onAssign: (kase: Case, assigneeId: string | null) => void;
    pendingId: string | null;
  } | null;
};

/** Columns of the case queue; severity, due and created sort on the server (caseSortingOf) where the view allows. */
export function caseColumns({ names, assign }: Options) {
  return columns.columns([
    columns.accessor("severity", { header: "Severity", cell: ({ row }) => <SeverityBadge severity={row.original.severity} /> }),
    columns.accessor("title", {
      enableSorting: false,
      header: "Case",
      cell: ({ row }) => (
        <IntentLink
          href={`/cases/${encodeURIComponent(row.original.case_id)}`}
          className="font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          <UserText value={row.original.title} />
        </IntentLink>
      ),
      meta: { cellClassName: "min-w-48 max-w-md [overflow-wrap:anywhere]" },
    }),
    columns.accessor("case_type", {
      enableSorting: false,
      header: "Type",
      cell: ({ row }) => <span className="whitespace-nowrap">{caseTypeLabels[row.original.case_type]}</span>,
    }),
    columns.accessor("status", {
      enableSorting: false,
      header: "Status",
      cell: ({ row }) => <CaseStatusBadge status={row.original.status} />,
    }),
    columns.accessor("assignee_id", {
      enableSorting: false,
      header: "Assignee",
      cell: ({ row }) => {
        const kase = row.original;
        if (!assign)
          return kase.assignee_id ? (
            <UserText value={names[kase.assignee_id] ?? kase.assignee_id} />
          ) : (
            <span className="text-muted-foreground">Unassigned</span>
          );
        return (
          <NativeSelect
            aria-label={`Assignee of ${revealHidden(kase.title)}`}
            className="h-8 min-w-40"
            value={kase.assignee_id ?? ""}
            disabled={assign.pendingId === kase.case_id}
            onChange={(e) => assign.onAssign(kase, e.target.value || null)}
          >
            <option value="">Unassigned</option>
            {kase.assignee_id && !names[kase.assignee_id] ? (
              <option value={kase.assignee_id}>{revealHidden(kase.assignee_id)}</option>
            ) : null}
            {assign.analysts.map((analyst) => (
              <option key={analyst.id} value={analyst.id}>
                {revealHidden(analyst.name)}
              </option>
            ))}
          </NativeSelect>
        );
      },
    }),
    columns.accessor("due_at", {
      header: "Due",
      cell: ({ row }) => (
        <SlaBadge
          dueAt={row.original.due_at}
          state={row.original.sla_state}
          finished={row.original.status === "resolved" || row.original.status === "closed"}
          stacked
        />
      ),
    }),
    // The age column sorts by creation (newest first); the creation time in the analyst's zone is on hover.
    columns.accessor("created_at", { header: "Age", cell: ({ row }) => <Age createdAt={row.original.created_at} /> }),
  ]);
}
