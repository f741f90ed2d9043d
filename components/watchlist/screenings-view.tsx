"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef } from "react";
import { NewItemsNotice } from "@/components/ui/new-items-notice";
import { useNewItems } from "@/lib/hooks/use-new-items";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { ListPage, ListedScreening } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";
import { screeningColumns } from "./screening-columns";
import { ScreeningFilters } from "./screening-filters";

const NO_SCREENINGS: ListedScreening[] = [];

type ScreeningsViewProps = {
  environment: ConsoleEnvironment;
  page: ListPage<ListedScreening> | null;
  error: SafeError | null;
  /** True when the URL narrows the default queue (pending review, any result, any user). */
  filtered: boolean;
  /** A tab awaiting a verdict: oldest first, one row per group of twins. */
  queue: boolean;
  /** When the server read `page` (what arrives after it is "new"). */
  listedAt: string;
};

/**
 * The watchlist review queue. The server page reads the API for the URL's filters and cursor;
 * this view changes the URL; new screenings are announced (NewItemsNotice) and shown when the analyst asks.
 * Back from the last decision (`?queue=done`), the keyboard lands on the queue, not the page top.
 */
export function ScreeningsView({ environment, page, error, filtered, queue, listedAt }: ScreeningsViewProps) {
  const router = useRouter();
  const { rowsKey, isNavigating, startTransition, refresh, pagination } = useCursorQueue();
  const rows = page?.data ?? NO_SCREENINGS;
  const fresh = useNewItems({
    queue: "screenings",
    environment,
    listedAt,
    shownIds: useMemo(() => rows.map((s) => s.screening_id), [rows]),
  });
  const columns = useMemo(() => screeningColumns(), []);
  const done = useSearchParams().get("queue") === "done";
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!done) return;
    const target = region.current?.querySelector<HTMLElement>("tbody tr[tabindex='0']") ?? region.current;
    target?.focus();
  }, [done]);

  return (
    <>
      <ScreeningFilters startTransition={startTransition} />
      <div ref={region} tabIndex={-1} data-screening-queue="" className="outline-none">
        <DataTable
          caption={`Watchlist screenings of ${environmentLabels[environment]}, ${queue ? "oldest first, twins grouped" : "newest first"}`}
          columns={columns}
          data={rows}
          getRowId={(screening) => screening.screening_id}
          status={error ? "error" : "success"}
          error={error}
          isFetching={isNavigating}
          onRetry={refresh}
          rowsKey={rowsKey}
          onRowOpen={(screening) => router.push(`/watchlist/${encodeURIComponent(screening.screening_id)}`)}
          pagination={pagination(page)}
          empty={
            <EmptyState
              icon={<ShieldCheck />}
              title={filtered ? "No screenings match these filters" : `No screenings await review in ${environmentLabels[environment]}`}
              description={
                filtered
                  ? "Change or clear the filters above. New screenings are announced as they arrive."
                  : "A screening lands here when a person's name matches a sanctions, PEP or adverse-media entry. New screenings are announced as they arrive."
              }
            />
          }
        />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens the highlighted screening; after a decision the next one opens.
      </p>
      <NewItemsNotice fresh={fresh} noun={["screening", "screenings"]} onShow={refresh} />
    </>
  );
}
