"use client";

import { FileJson, X } from "lucide-react";
import Link from "next/link";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import type { ArgusEvent } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { EventTypeBadge } from "./event-columns";
import { JsonViewer } from "./json-viewer";
import { Card } from "@/components/ui/card";

type EventPayloadPanelProps = {
  /** The open event; null when none is open, or the URL names one that is not on this page. */
  event: ArgusEvent | null;
  missingId: string | null;
  onClose: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

/** The side panel beside the results: the open event's ids and its payload. */
export function EventPayloadPanel({ event, missingId, onClose, headingRef }: EventPayloadPanelProps) {
  return (
    <Card as="aside" id="event-payload-panel" aria-labelledby="event-payload-heading" className="self-start xl:sticky xl:top-20">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2
          id="event-payload-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          Event payload
        </h2>
        {event || missingId ? (
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the payload">
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {event ? (
        <div className="grid gap-4 p-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Type</dt>
            <dd>
              <EventTypeBadge type={event.event_type} />
            </dd>
            <dt className="text-muted-foreground">Event id</dt>
            <dd className="flex items-center gap-1">
              <code className="truncate font-mono text-xs">{event.event_id}</code>
              <CopyButton value={event.event_id} label="Copy event id" variant="ghost" className="h-7 px-2" />
            </dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd>
              <DateTime value={event.created_at} />
            </dd>
            <dt className="text-muted-foreground">Transaction</dt>
            <dd className="truncate">
              {event.transaction_id ? (
                <Link
                  href={`/transactions/${encodeURIComponent(event.transaction_id)}`}
                  className="font-mono text-xs underline underline-offset-4"
                >
                  {event.transaction_id}
                </Link>
              ) : (
                <span className="text-muted-foreground">none</span>
              )}
            </dd>
            <dt className="text-muted-foreground">User</dt>
            <dd className="truncate">
              {event.user_id ? (
                <Link
                  href={`/events?user_id=${encodeURIComponent(event.user_id)}`}
                  className="font-mono text-xs underline underline-offset-4"
                >
                  <UserText value={event.user_id} />
                </Link>
              ) : (
                <span className="text-muted-foreground">none</span>
              )}
            </dd>
          </dl>
          <JsonViewer key={event.event_id} value={event.payload} label={`Payload of event ${event.event_id}`} />
        </div>
      ) : (
        <EmptyState
          icon={<FileJson />}
          title={missingId ? "That event is not on this page" : "No event open"}
          description={
            missingId
              ? "The link names an event that is not among these results. Change the filters or page to find it."
              : "Press Enter on a highlighted row (j / k move), click a row, or use its Payload button."
          }
          className="py-10"
        />
      )}
    </Card>
  );
}
