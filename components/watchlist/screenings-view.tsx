"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useQueryState } from "nuqs";
import { useMemo, useTransition } from "react";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { canGoBack, normaliseStack, pageNumber, popCursor, pushCursor } from "@/lib/queries/cursor-stack";
import { cursorStackParser } from "@/lib/queries/search-params";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { ListPage } from "@/lib/schemas/list";
import type { SafeError } from "@/lib/schemas/safe-error";
import type { Screening } from "@/lib/schemas/screening";
import { screeningColumns } from "./screening-columns";
import { ScreeningFilters } from "./screening-filters";

const NO_SCREENINGS: Screening[] = [];

type ScreeningsViewProps = {
  environment: ConsoleEnvironment;
  page: ListPage<Screening> | null;
  error: SafeError | null;
  /** True when the URL narrows the default queue (pending review, any result, any user). */
  filtered: boolean;
};

/**
 * The watchlist review queue. The server page reads the API for the URL's filters and cursor;
 * this view changes the URL and refreshes the server render every 15 s (new screenings arrive).
 */
export function ScreeningsView({ environment, page, error, filtered }: ScreeningsViewProps) {
  const router = useRouter();
  const [isNavigating, startTransition] = useTransition();
  const [rawCursor, setCursor] = useQueryState("cursor", cursorStackParser.withOptions({ shallow: false, history: "push", scroll: false, startTransition }));
  const stack = normaliseStack(rawCursor);
  const rows = page?.data ?? NO_SCREENINGS;
  const columns = useMemo(() => screeningColumns(), []);
  const refresh = () => startTransition(() => router.refresh());

  return (
    <>
      <ScreeningFilters startTransition={startTransition} />
      <DataTable
        caption={`Watchlist screenings of ${environmentLabels[environment]}, newest first`}
        columns={columns}
        data={rows}
        getRowId={(screening) => screening.screening_id}
        status={error ? "error" : "success"}
        error={error}
        isFetching={isNavigating}
        onRetry={refresh}
        rowsKey={rawCursor?.join(",") ?? ""}
        onRowOpen={(screening) => router.push(`/watchlist/${encodeURIComponent(screening.screening_id)}`)}
        pagination={{
          page: pageNumber(stack),
          canPrevious: canGoBack(stack),
          canNext: page?.has_more === true && !isNavigating,
          onPrevious: () => {
            const popped = popCursor(stack);
            void setCursor(popped.length === 0 ? null : [...popped]);
          },
          onNext: () => {
            const pushed = pushCursor(stack, page?.next_cursor);
            if (pushed !== stack) void setCursor([...pushed]);
          },
        }}
        empty={
          <EmptyState
            icon={<ShieldCheck />}
            title={filtered ? "No screenings match these filters" : `No screenings await review in ${environmentLabels[environment]}`}
            description={
              filtered
                ? "Change or clear the filters above. The list refreshes every 15 seconds."
                : "A screening lands here when a person's name matches a sanctions, PEP or adverse-media entry. This list refreshes every 15 seconds."
            }
          />
        }
      />
      <p className="mt-2 text-xs text-muted-foreground">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens the highlighted screening.
      </p>
      <AutoRefresh />
    </>
  );
}
