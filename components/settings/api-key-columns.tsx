"use client";

import { Badge } from "@/components/ui/badge";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import type { ApiKey } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { UserText } from "@/components/ui/user-text";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog";

const columns = createDataTableColumns<ApiKey>();
const numberFormat = new Intl.NumberFormat("en-GB");

type Options = {
  environment: ConsoleEnvironment;
  /** Last four characters of the console's own key in this environment, to mark it. */
  consoleKeyLastFour: string | null;
  onRevoked: () => void;
};

export function isConsoleKey(apiKey: ApiKey, consoleKeyLastFour: string | null): boolean {
  return consoleKeyLastFour !== null && apiKey.revoked_at === null && apiKey.last_four === consoleKeyLastFour;
}

/** Columns of the API keys table. Built per environment (the revoke dialog needs it). */
export function apiKeyColumns({ environment, consoleKeyLastFour, onRevoked }: Options) {
  return columns.columns([
    columns.accessor("label", {
      header: "Label",
      sortFn: "text",
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <UserText value={row.original.label} />
            {isConsoleKey(row.original, consoleKeyLastFour) ? <Badge tone="accent">Used by this console</Badge> : null}
          </span>
          <code className="font-mono text-xs text-muted-foreground">{row.original.id}</code>
        </div>
      ),
    }),
    columns.accessor("last_four", {
      header: "Key",
      enableSorting: false,
      cell: ({ row }) => (
        <code className="font-mono text-xs whitespace-nowrap" title={`argus_${row.original.environment}_sk_…${row.original.last_four}`}>
          <span aria-hidden="true">••••</span>
          <span className="sr-only">ends with</span> {row.original.last_four}
        </code>
      ),
    }),
    columns.accessor("scopes", {
      header: "Scopes",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.scopes.length === 0 ? (
          <span className="text-muted-foreground">All (unrestricted)</span>
        ) : (
          <ul className="flex max-w-64 flex-wrap gap-1" aria-label="Scopes">
            {row.original.scopes.map((scope) => (
              <li key={scope}>
                <Badge className="font-mono">{scope}</Badge>
              </li>
            ))}
          </ul>
        ),
    }),
    columns.accessor("created_at", {
      header: "Created (UTC)",
      sortFn: "text",
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
    // Last use and request count in one column: both answer "is this key in use?".
    columns.accessor("last_used_at", {
      header: "Last used (UTC)",
      sortFn: "text",
      sortUndefined: "last",
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <DateTime value={row.original.last_used_at} empty="Never" zone={false} />
          <span className="text-xs text-muted-foreground tabular-nums">
            {numberFormat.format(row.original.request_count)} {row.original.request_count === 1 ? "request" : "requests"}
          </span>
        </span>
      ),
    }),
    columns.accessor("revoked_at", {
      header: "Status",
      sortFn: "text",
      cell: ({ row }) =>
        row.original.revoked_at ? (
          <span className="grid gap-0.5">
            <Badge tone="danger" className="w-fit">
              Revoked
            </Badge>
            <DateTime value={row.original.revoked_at} zone={false} className="text-xs text-muted-foreground" />
          </span>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    }),
    columns.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.revoked_at ? null : (
          <RevokeApiKeyDialog
            apiKey={row.original}
            environment={environment}
            usedByConsole={isConsoleKey(row.original, consoleKeyLastFour)}
            onRevoked={onRevoked}
          />
        ),
      meta: { align: "end" },
    }),
  ]);
}
