import { Fragment } from "react";
import { DateTime } from "@/components/ui/date-time";
import { UserText } from "@/components/ui/user-text";
import { describeCaseEvent } from "@/lib/format/case-events";
import type { CaseEvent } from "@/lib/api/wire";
import { Card } from "@/components/ui/card";
import { ChainBadge } from "@/components/ui/chain-badge";
import type { ChainCheck } from "@/lib/format/chain";

type CaseTimelineProps = {
  events: CaseEvent[];
  /** Analyst id → name, to show people rather than ids; unknown actors (API keys) stay ids. */
  names: Record<string, string>;
  /** The audit log's hash-chain check from the case export; null when it could not be read. */
  chain: ChainCheck | null;
};

/** The case's audit log in commit order, as the API keeps it: every entry with who and when. */
export function CaseTimeline({ events, names, chain }: CaseTimelineProps) {
  // Names and notes are other people's text: shown with their hidden characters made visible.
  const name = (id: string | null | undefined) => (id ? <UserText value={names[id] ?? id} /> : "nobody");
  return (
    <Card as="section" aria-labelledby="case-timeline" className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="case-timeline" className="text-base font-semibold">
          Audit log
        </h2>
        <ChainBadge check={chain} className="justify-items-end text-right" />
      </div>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No entries.</p>
      ) : (
        <ol className="mt-3 grid gap-3 border-l border-border pl-4">
          {events.map((event) => (
            <li key={event.event_id} className="grid gap-1 text-sm">
              <p>
                <strong className="font-medium">{name(event.actor_id)}</strong>{" "}
                {describeCaseEvent(event, name).map((part, i) => (
                  <Fragment key={i}>{part}</Fragment>
                ))}
              </p>
              <DateTime value={event.timestamp} className="text-xs text-muted-foreground" />
              {event.note ? (
                <p className="rounded-md bg-surface-muted p-2 break-words whitespace-pre-wrap">
                  <UserText value={event.note} />
                </p>
              ) : null}
              {event.reason ? (
                <p className="text-xs text-muted-foreground">
                  Reason: <UserText value={event.reason} />
                </p>
              ) : null}
              {event.transaction_ids && event.transaction_ids.length > 0 ? (
                <p className="font-mono text-xs break-all text-muted-foreground">{event.transaction_ids.join(", ")}</p>
              ) : null}
              {event.alert_ids && event.alert_ids.length > 0 ? (
                <p className="font-mono text-xs break-all text-muted-foreground">{event.alert_ids.join(", ")}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
