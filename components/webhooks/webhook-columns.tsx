"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { ALL_EVENTS, type WebhookEndpoint } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { EditWebhookDialog } from "./lazy-dialogs";
import { EndpointStatusBadge } from "./endpoint-status";

const columns = createDataTableColumns<WebhookEndpoint>();

export const webhookHref = (id: string) => `/settings/webhooks/${encodeURIComponent(id)}`;

type Options = { environment: ConsoleEnvironment; onChanged: () => void };

/** Columns of the endpoints table. Built per environment (the dialogs need it). */
export function webhookColumns({ environment, onChanged }: Options) {
  return columns.columns([
    columns.accessor("url", {
      header: "Endpoint",
      sortFn: "text",
      cell: ({ row }) => (
        <div className="grid max-w-md gap-0.5">
          <IntentLink
            href={webhookHref(row.original.webhook_id)}
            className="font-mono text-xs font-medium break-all text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <UserText value={row.original.url} />
          </IntentLink>
          {row.original.description ? <UserText value={row.original.description} className="text-xs text-muted-foreground" /> : null}
        </div>
      ),
    }),
    columns.accessor("events", {
      header: "Events",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.events.includes(ALL_EVENTS) ? (
          <span>All events</span>
        ) : (
          <ul className="grid gap-0.5" aria-label="Events">
            {row.original.events.map((type) => (
              <li key={type}>
                <code className="font-mono text-xs">{type}</code>
              </li>
            ))}
          </ul>
        ),
    }),
    columns.accessor("status", {
      header: "Status",
      sortFn: "text",
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <span className="w-fit">
            <EndpointStatusBadge endpoint={row.original} />
          </span>
          {row.original.disabled_at ? (
            <DateTime value={row.original.disabled_at} zone={false} className="text-xs text-muted-foreground" />
          ) : null}
        </span>
      ),
    }),
    columns.accessor("created_at", {
      header: "Created (UTC)",
      sortFn: "text",
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
    columns.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        // The dialogs render in portals, but React bubbles their clicks through this cell to the
        // row, which would open the endpoint: keep them here.
        <span className="inline-flex gap-1" onClick={(event) => event.stopPropagation()}>
          <EditWebhookDialog endpoint={row.original} environment={environment} onSaved={onChanged} />
          <DeleteWebhookDialog endpoint={row.original} environment={environment} onDeleted={onChanged} />
        </span>
      ),
      meta: { align: "end" },
    }),
  ]);
}
