"use client";

import { Badge } from "@/components/ui/badge";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { MAX_DELIVERY_ATTEMPTS } from "@/lib/format/webhook";
import type { WebhookDelivery } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";

const columns = createDataTableColumns<WebhookDelivery>();

/** Columns of the delivery log: one row per attempt. `onFilterEvent` narrows the log to one event. */
export function deliveryColumns({ onFilterEvent }: { onFilterEvent: (eventId: string) => void }) {
  return columns.columns([
    columns.accessor("created_at", {
      header: "Attempted (UTC)",
      enableSorting: false,
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
    columns.accessor("event_type", {
      header: "Event",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <code className="font-mono text-xs font-semibold">{row.original.event_type}</code>
          <button
            type="button"
            onClick={() => onFilterEvent(row.original.event_id)}
            className="w-fit font-mono text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Show only the attempts of event ${row.original.event_id}`}
            title="Show only this event's attempts"
          >
            {row.original.event_id}
          </button>
        </div>
      ),
    }),
    columns.accessor("attempt", {
      header: "Attempt",
      enableSorting: false,
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.attempt} <span className="text-muted-foreground">of {MAX_DELIVERY_ATTEMPTS}</span>
        </span>
      ),
    }),
    columns.accessor("status", {
      header: "Result",
      enableSorting: false,
      cell: ({ row }) => {
        const delivery = row.original;
        return (
          <div className="grid max-w-sm gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={delivery.status === "succeeded" ? "success" : "danger"}>
                {delivery.status === "succeeded" ? "Succeeded" : "Failed"}
              </Badge>
              <span className="font-mono text-xs">{delivery.status_code !== null ? `HTTP ${delivery.status_code}` : "No HTTP answer"}</span>
            </span>
            {/* "HTTP 503" would repeat the status code next to it; other errors say more. */}
            {delivery.error && delivery.error !== `HTTP ${delivery.status_code}` ? (
              <UserText value={delivery.error} className="text-xs break-words text-danger" />
            ) : null}
            {delivery.response_body ? (
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Response body</summary>
                <pre className="mt-1 max-h-40 overflow-auto rounded-md bg-surface-muted p-2 font-mono whitespace-pre-wrap">
                  <UserText value={delivery.response_body} />
                </pre>
              </details>
            ) : null}
          </div>
        );
      },
    }),
    columns.accessor("latency_ms", {
      header: "Duration",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.latency_ms === null ? <span className="text-muted-foreground">—</span> : `${row.original.latency_ms} ms`,
      meta: { align: "end" },
    }),
    columns.accessor("next_retry_at", {
      header: "Next retry (UTC)",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.next_retry_at ? (
          <DateTime value={row.original.next_retry_at} zone={false} />
        ) : (
          <span className="text-muted-foreground">
            {row.original.status === "succeeded"
              ? "None: delivered"
              : row.original.attempt >= MAX_DELIVERY_ATTEMPTS
                ? "None: given up"
                : "None"}
          </span>
        ),
    }),
  ]);
}
