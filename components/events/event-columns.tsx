"use client";

import { Filter, PanelRightOpen } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { eventTypeLabel } from "@/lib/format/event";
import type { ArgusEvent } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";

const columns = createDataTableColumns<ArgusEvent>();

const typeTone: Record<string, BadgeProps["tone"]> = {
  "transaction.scored": "neutral",
  "transaction.blocked": "danger",
  "identity.verified": "accent",
  "device.session_created": "neutral",
  "alert.triggered": "warning",
  "decision.submitted": "success",
};

export function EventTypeBadge({ type }: { type: string }) {
  return (
    <Badge tone={typeTone[type] ?? "neutral"} title={type}>
      {eventTypeLabel(type)}
    </Badge>
  );
}

const linkClass = "font-mono text-xs underline-offset-4 hover:underline focus-visible:underline";

type Options = {
  selectedId: string | null;
  onView: (event: ArgusEvent) => void;
};

/** Columns of the event search; the API's order (newest first), so no sorting. */
export function eventColumns({ selectedId, onView }: Options) {
  return columns.columns([
    columns.accessor("event_type", { header: "Type", cell: ({ row }) => <EventTypeBadge type={row.original.event_type} /> }),
    // Transaction and user share a column: side by side they would not fit beside the payload panel.
    columns.display({
      id: "subject",
      header: "Transaction / user",
      cell: ({ row }) => {
        const { transaction_id: transactionId, user_id: userId } = row.original;
        return (
          <span className="grid gap-0.5">
            {transactionId ? (
              <span className="inline-flex items-center gap-1">
                <IntentLink href={`/transactions/${encodeURIComponent(transactionId)}`} className={linkClass}>
                  {transactionId}
                </IntentLink>
                <IntentLink
                  href={`/events?transaction_id=${encodeURIComponent(transactionId)}`}
                  aria-label={`Only events of transaction ${transactionId}`}
                  title="Only events of this transaction"
                  className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Filter aria-hidden="true" className="size-3.5" />
                </IntentLink>
              </span>
            ) : (
              <span className="text-xs text-muted-foreground">No transaction</span>
            )}
            {userId ? (
              <span className="max-w-72 truncate text-xs text-muted-foreground">
                User{" "}
                <IntentLink
                  href={`/events?user_id=${encodeURIComponent(userId)}`}
                  className={`${linkClass} text-foreground`}
                  title="Events of this user"
                >
                  <UserText value={userId} />
                </IntentLink>
              </span>
            ) : null}
          </span>
        );
      },
    }),
    columns.accessor("created_at", {
      header: "Created (UTC)",
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
    columns.display({
      id: "payload",
      header: () => <span className="sr-only">Payload</span>,
      cell: ({ row }) => {
        const selected = row.original.event_id === selectedId;
        return (
          <span className="flex justify-end">
            <Button
              variant={selected ? "secondary" : "ghost"}
              size="sm"
              aria-pressed={selected}
              aria-controls="event-payload-panel"
              aria-label={`Payload of event ${row.original.event_id}`}
              onClick={() => onView(row.original)}
            >
              <PanelRightOpen aria-hidden="true" />
            </Button>
          </span>
        );
      },
      meta: { align: "end" },
    }),
  ]);
}
