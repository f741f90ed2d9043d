"use client";

import { Fingerprint } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { ListPage, Verification } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";
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
  const { rowsKey, isNavigating, startTransition, refresh, pagination } = useCursorQueue();
  const rows = page?.data ?? NO_VERIFICATIONS;
  const columns = useMemo(() => verificationColumns(), []);

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
        rowsKey={rowsKey}
        onRowOpen={(verification) => router.push(`/identity/${encodeURIComponent(verification.verification_id)}`)}
        pagination={pagination(page)}
        empty={
          <EmptyState
            icon={<Fingerprint />}
            title={filtered ? "No verifications match these filters" : `No pending verifications in ${environmentLabels[environment]}`}
            description={
              filtered
                ? "Change or clear the filters above. The list refreshes every 15 seconds."
                : "A verification is pending while one of its checks waits: a document analysis, a liveness result, a business registry lookup or a watchlist review. Failed and flagged ones are under their own status above. This list refreshes every 15 seconds."
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
