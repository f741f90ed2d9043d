"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Inbox, X } from "lucide-react";
import { parseAsString, useQueryState } from "nuqs";
import { useEffect, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { listWebhookDeliveriesAction } from "@/lib/actions/list-webhook-deliveries";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { unwrapAction } from "@/lib/queries/action-result";
import { environmentListState } from "@/lib/queries/environment-list";
import { queryKeys } from "@/lib/queries/query-keys";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { WebhookDelivery } from "@/lib/api/wire";
import { deliveryColumns } from "./delivery-columns";

const NO_DELIVERIES: WebhookDelivery[] = [];

/** The delivery log of one endpoint: every attempt, newest first, cursor-paged, filterable by event. */
export function DeliveriesView({ environment, webhookId }: { environment: ConsoleEnvironment; webhookId: string }) {
  // The view fetches its pages itself (React Query): cursor changes in the URL are shallow.
  const cursor = useCursorQueue({ shallow: true });
  const [eventId, setEventId] = useQueryState("event_id", parseAsString.withOptions({ history: "push", scroll: false }));
  const event = eventId ?? undefined;

  const query = useQuery({
    queryKey: queryKeys.webhooks.deliveries(environment, webhookId, cursor.after, event),
    queryFn: async () => unwrapAction(await listWebhookDeliveriesAction({ id: webhookId, after: cursor.after, eventId: event })),
    placeholderData: keepPreviousData,
    // The log grows while retries run: keep it current while the page is open.
    refetchInterval: 15_000,
  });

  const { rows, table } = environmentListState(query, environment, NO_DELIVERIES);
  // Columns are built once; the filter they call reads the current pagination through a ref.
  const filterEvent = useRef((_id: string) => {});
  useEffect(() => {
    filterEvent.current = (id) => {
      cursor.first();
      void setEventId(id);
    };
  });
  const columns = useMemo(() => deliveryColumns({ onFilterEvent: (id) => filterEvent.current(id) }), []);

  return (
    <section aria-labelledby="deliveries-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="deliveries-heading" className="text-lg font-semibold tracking-tight">
            Delivery log
          </h2>
          <p className="text-sm text-muted-foreground">
            Every attempt, newest first. A failed attempt is retried after 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 12 h and 24 h.
          </p>
        </div>
        {event ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              cursor.first();
              void setEventId(null);
            }}
          >
            <X aria-hidden="true" />
            <span>
              Event <code className="font-mono text-xs">{event}</code> only: show all
            </span>
          </Button>
        ) : null}
      </div>
      <DataTable
        caption={event ? `Delivery attempts of event ${event}` : "Delivery attempts"}
        columns={columns}
        data={rows}
        getRowId={(delivery) => delivery.delivery_id}
        {...table}
        rowsKey={`${cursor.after ?? ""}|${event ?? ""}`}
        pagination={cursor.pagination(query.data, { busy: query.isPlaceholderData })}
        empty={
          <EmptyState
            icon={<Inbox />}
            title={event ? "No attempts for this event" : "No deliveries yet"}
            description={
              event
                ? "This endpoint has no logged attempt of that event."
                : "Argus logs each attempt here once an event this endpoint subscribes to happens."
            }
          />
        }
      />
    </section>
  );
}
