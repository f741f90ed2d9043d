"use client";

import { ScrollText } from "lucide-react";
import { useQueryState, useQueryStates } from "nuqs";
import { useMemo, useRef } from "react";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { eventSearchParams } from "@/lib/queries/event-search-params";
import type { ArgusEvent, ListPage } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";
import { eventColumns } from "./event-columns";
import { EventFilters } from "./event-filters";
import { EventPayloadPanel } from "./event-payload-panel";

const NO_EVENTS: ArgusEvent[] = [];

type EventsViewProps = {
  environment: ConsoleEnvironment;
  /** The page the server read for the URL's filters and cursor; null when it failed. */
  page: ListPage<ArgusEvent> | null;
  error: SafeError | null;
  filtered: boolean;
};

/**
 * Event search. The server page reads the API for the URL's filters and cursor; this view changes
 * the URL (not shallow, so the server reads again). The open payload (`?event=`) is shallow: the
 * event is already on the page, nothing needs fetching.
 */
export function EventsView({ environment, page, error, filtered }: EventsViewProps) {
  const { rowsKey, isNavigating, startTransition, refresh, pagination } = useCursorQueue();
  const [openId, setOpenId] = useQueryState("event", eventSearchParams.event.withOptions({ history: "replace", scroll: false }));
  const [{ transaction_id, user_id }] = useQueryStates({
    transaction_id: eventSearchParams.transaction_id,
    user_id: eventSearchParams.user_id,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const rows = page?.data ?? NO_EVENTS;
  const openEvent = openId ? (rows.find((event) => event.event_id === openId) ?? null) : null;

  const columns = useMemo(
    () =>
      eventColumns({
        selectedId: openId,
        onView: (event) => {
          void setOpenId(event.event_id);
          headingRef.current?.focus();
        },
      }),
    [openId, setOpenId],
  );

  return (
    <>
      {/* Keyed by the id filters: a link to `/events?user_id=…` from a row must refill the inputs. */}
      <EventFilters key={`${transaction_id ?? ""}\u0000${user_id ?? ""}`} startTransition={startTransition} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <DataTable
            caption={`Events of ${environmentLabels[environment]}, newest first`}
            columns={columns}
            data={rows}
            getRowId={(event) => event.event_id}
            status={error ? "error" : "success"}
            error={error}
            isFetching={isNavigating}
            onRetry={refresh}
            rowsKey={rowsKey}
            onRowOpen={(event) => {
              void setOpenId(event.event_id);
              headingRef.current?.focus();
            }}
            // The open payload belongs to the page shown: moving to another page closes it.
            pagination={pagination(page, { onMove: () => void setOpenId(null) })}
            empty={
              <EmptyState
                icon={<ScrollText />}
                title={filtered ? "No events match these filters" : `No events in ${environmentLabels[environment]} yet`}
                description={
                  filtered
                    ? "Change or clear the filters above. Times are UTC; the end time is inclusive."
                    : "Events are written when a transaction is scored or blocked, an identity check completes, a device session opens, an alert fires or a decision is recorded."
                }
              />
            }
          />
          <p className="mt-2 text-xs text-muted-foreground">
            Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens the highlighted event&apos;s payload.
          </p>
        </div>
        <EventPayloadPanel
          event={openEvent}
          missingId={openId && !openEvent && !error ? openId : null}
          onClose={() => void setOpenId(null)}
          headingRef={headingRef}
        />
      </div>
    </>
  );
}
