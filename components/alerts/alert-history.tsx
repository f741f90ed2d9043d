import { DateTime } from "@/components/ui/date-time";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";
import { describeAlertEvent } from "@/lib/format/alert-events";
import type { AlertEvent } from "@/lib/api/wire";

/** The alert's history, oldest first: who acknowledged, resolved or linked it, and through which case. */
export function AlertHistory({ events, names }: { events: readonly AlertEvent[]; names: Record<string, string> }) {
  return (
    <Card as="section" aria-labelledby="alert-history" className="p-5">
      <h2 id="alert-history" className="text-base font-semibold">
        History
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nobody has acted on this alert yet.</p>
      ) : (
        <ol className="mt-3 grid gap-3 border-l border-border pl-4">
          {events.map((event) => (
            <li key={event.event_id} className="grid gap-1 text-sm">
              <p>
                <strong className="font-medium">
                  <UserText value={names[event.actor_id] ?? event.actor_id} />
                </strong>{" "}
                {describeAlertEvent(event)}
              </p>
              <DateTime value={event.timestamp} className="text-xs text-muted-foreground" />
              {event.note ? (
                <p className="rounded-md bg-surface-muted p-2 break-words whitespace-pre-wrap">
                  <UserText value={event.note} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
