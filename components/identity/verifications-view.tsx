"use client";

import { Fingerprint } from "lucide-react";
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
import type { Verification } from "@/lib/schemas/verification";
import { verificationColumns } from "./verification-columns";
import { VerificationFilters } from "./verification-filters";

const NO_VERIFICATIONS: Verification[] = [];

type VerificationsViewProps = {
  environment: ConsoleEnvironment;
  page: ListPage<Verification> | null;
  error: SafeError | null;
  /** True when the URL narrows the default queue (pending, any type, any user). */
  filtered: boolean;
};

/**
 * The identity review queue (Surface B verifications). The server page reads the API for the
 * URL's filters and cursor; this view changes the URL and refreshes the server render every 15 s
 * (pending verifications complete on their own).
 */
export function VerificationsView({ environment, page, error, filtered }: VerificationsViewProps) {
  const router = useRouter();
  const [isNavigating, startTransition] = useTransition();
  const [rawCursor, setCursor] = useQueryState("cursor", cursorStackParser.withOptions({ shallow: false, history: "push", scroll: false, startTransition }));
  const stack = normaliseStack(rawCursor);
  const rows = page?.data ?? NO_VERIFICATIONS;
  const columns = useMemo(() => verificationColumns(), []);
  const refresh = () => startTransition(() => router.refresh());

  return (
    <>
      <VerificationFilters startTransition={startTransition} />
      <DataTable
        caption={`Identity verifications of ${environmentLabels[environment]}, newest first`}
        columns={columns}
        data={rows}
        getRowId={(verification) => verification.verification_id}
        status={error ? "error" : "success"}
        error={error}
        isFetching={isNavigating}
        onRetry={refresh}
        rowsKey={rawCursor?.join(",") ?? ""}
        onRowOpen={(verification) => router.push(`/identity/${encodeURIComponent(verification.verification_id)}`)}
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
            icon={<Fingerprint />}
            title={filtered ? "No verifications match these filters" : `No pending verifications in ${environmentLabels[environment]}`}
            description={
              filtered
                ? "Change or clear the filters above. The list refreshes every 15 seconds."
                : "A verification lands here when a person's name matches a sanctions, PEP or adverse-media entry. This list refreshes every 15 seconds."
            }
          />
        }
      />
      <p className="mt-2 text-xs text-muted-foreground">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens the highlighted verification.
      </p>
      <AutoRefresh />
    </>
  );
}
