"use client";

import { Badge } from "@/components/ui/badge";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { roleLabels } from "@/lib/format/analyst";
import type { Analyst } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { ChangeRoleDialog } from "./change-role-dialog";
import { DisableAnalystDialog } from "./disable-analyst-dialog";

const columns = createDataTableColumns<Analyst>();

const roleTone = { analyst: "neutral", lead: "accent", admin: "warning" } as const;

type Options = {
  /** The signed-in administrator: their own row warns that a change signs them out. */
  selfId: string;
  onChanged: () => void;
};

/** Columns of the analysts table. Built per viewer (the dialogs need who is looking). */
export function analystColumns({ selfId, onChanged }: Options) {
  return columns.columns([
    columns.accessor("name", {
      header: "Name",
      sortFn: "text",
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <UserText value={row.original.name} fallback="—" className="font-medium" />
          <UserText value={row.original.email} className="text-xs text-muted-foreground" />
        </div>
      ),
    }),
    columns.accessor("role", {
      header: "Role",
      sortFn: "text",
      cell: ({ row }) => <Badge tone={roleTone[row.original.role]}>{roleLabels[row.original.role]}</Badge>,
    }),
    columns.accessor("created_at", {
      header: "Added (UTC)",
      sortFn: "text",
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
    columns.accessor("last_sign_in_at", {
      header: "Last sign-in (UTC)",
      sortFn: "text",
      sortUndefined: "last",
      cell: ({ row }) => <DateTime value={row.original.last_sign_in_at} empty="Never" zone={false} />,
    }),
    columns.accessor("disabled", {
      header: "Status",
      sortFn: "basic",
      cell: ({ row }) => (row.original.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>),
    }),
    columns.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <div className="flex justify-end gap-1">
          <ChangeRoleDialog analyst={row.original} isSelf={row.original.id === selfId} onChanged={onChanged} />
          <DisableAnalystDialog analyst={row.original} isSelf={row.original.id === selfId} onChanged={onChanged} />
        </div>
      ),
    }),
  ]);
}
