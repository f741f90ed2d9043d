import { ChevronRight, Search } from "lucide-react";
import Link from "next/link";
import { DateTime } from "@/components/ui/date-time";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import type { ListPage, TransactionEvent } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

type EvidenceTrailProps = {
  transactionId: string;
  page: ListPage<TransactionEvent> | null;
  error: SafeError | null;
};

const eventLabels: Record<string, string> = {
  "transaction.scored": "Scored",
  "transaction.blocked": "Blocked",
  "decision.submitted": "Decision recorded",
  "alert.triggered": "Alert raised",
  "identity.verified": "Identity verified",
  "device.session_created": "Device session opened",
};

/**
 * The evidence trail (`GET /v1/events?transaction_id=`), newest first, each event's
 * payload behind a disclosure. The full, pageable list is in event search.
 */
export function EvidenceTrail({ transactionId, page, error }: EvidenceTrailProps) {
  const searchHref = `/events?transaction_id=${encodeURIComponent(transactionId)}`;
  return (
    <Card as="section" aria-labelledby="txn-evidence" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="txn-evidence" className="text-base font-semibold">
          Evidence trail
        </h2>
        <LinkButton href={searchHref} variant="ghost" size="sm">
          <Search aria-hidden="true" />
          Search all events
        </LinkButton>
      </div>
      {!page ? (
        <ErrorState
          title="The evidence trail could not be loaded"
          error={error ?? { message: "The evidence trail could not be loaded." }}
          className="py-8"
        />
      ) : page.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No events reference this transaction (events older than the account&apos;s retention are purged).
        </p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {page.data.map((event) => (
            <li key={event.event_id} className="rounded-lg border border-border">
              <details className="group">
                <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                  <ChevronRight
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
                  />
                  <span className="font-medium">{eventLabels[event.event_type] ?? event.event_type}</span>
                  <code className="font-mono text-xs text-muted-foreground">{event.event_type}</code>
                  <DateTime value={event.created_at} className="ml-auto text-xs text-muted-foreground" />
                </summary>
                <div className="border-t border-border px-3 py-2">
                  <p className="text-xs text-muted-foreground">
                    <code className="font-mono">{event.event_id}</code>
                    {event.user_id ? (
                      <>
                        {" "}
                        · user <UserText value={event.user_id} className="font-mono" />
                      </>
                    ) : null}
                  </p>
                  <pre
                    tabIndex={0}
                    aria-label={`Payload of ${event.event_type} event ${event.event_id}`}
                    className="mt-2 max-h-72 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs"
                  >
                    <UserText value={JSON.stringify(event.payload, null, 2)} />
                  </pre>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
      {page?.has_more ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Showing the newest {page.data.length} events.{" "}
          <Link href={searchHref} className="font-medium text-primary underline-offset-4 hover:underline">
            See them all in event search
          </Link>
          .
        </p>
      ) : null}
    </Card>
  );
}
