"use client";

import { Briefcase, ListChecks, ListStart } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useMemo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/form-error";
import { NewItemsNotice } from "@/components/ui/new-items-notice";
import { Spinner } from "@/components/ui/spinner";
import { claimNextCaseAction } from "@/lib/actions/claim-next-case";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { useNewItems } from "@/lib/hooks/use-new-items";
import type { Case, ListPage } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";
import { useAssignCase } from "./use-assign-case";
import { LazyReassignDialog } from "./lazy-reassign-dialog";
import { caseColumns } from "./case-columns";
import { CaseFilters } from "./case-filters";
import { CaseQuickFilter } from "./case-quick-filter";
import { useCaseSorting } from "./use-case-sorting";
import { MyAvailability } from "./my-availability";

const NO_CASES: Case[] = [];

type CasesViewProps = {
  environment: ConsoleEnvironment;
  page: ListPage<Case> | null;
  error: SafeError | null;
  me: { id: string; isLead: boolean; availability: "available" | "away" | null };
  analysts: { id: string; name: string }[];
  /** When the server read `page` (what arrives after it is "new"). */
  listedAt: string;
  /** The saved views menu (the page composes it: feature folders do not import each other). */
  viewsMenu?: ReactNode;
};

/** The case queue: filters and cursor in the URL, "Next case", and (leads) assignment in place. */
export function CasesView({ environment, page, error, me, analysts, listedAt, viewsMenu }: CasesViewProps) {
  const router = useRouter();
  const { rowsKey, isNavigating, startTransition, refresh, pagination } = useCursorQueue();

  const rows = page?.data ?? NO_CASES;
  const shownIds = useMemo(() => rows.map((kase) => kase.case_id), [rows]);
  const fresh = useNewItems({ queue: "cases", environment, listedAt, shownIds });
  const { sorting } = useCaseSorting(startTransition);
  const claim = useAction(claimNextCaseAction);
  const names = useMemo(() => Object.fromEntries(analysts.map((a) => [a.id, a.name])), [analysts]);
  const { pendingId, onAssign, dialog } = useAssignCase(environment, refresh, names);

  const columns = useMemo(
    () =>
      caseColumns({
        names,
        assign: me.isLead
          ? {
              analysts,
              pendingId,
              onAssign,
            }
          : null,
      }),
    [names, analysts, me.isLead, pendingId, onAssign],
  );

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          {viewsMenu}
          <CaseQuickFilter me={me.id} startTransition={startTransition} />
          <p className="text-sm text-muted-foreground">
            Cases of <strong className="font-medium text-foreground">{environmentLabels[environment]}</strong>.
          </p>
        </div>
        <div className="grid justify-items-end gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {me.availability ? <MyAvailability me={me.id} availability={me.availability} /> : null}
            {me.isLead ? (
              <LinkButton href="/cases/queue" variant="secondary">
                <ListChecks aria-hidden="true" />
                Case queue
              </LinkButton>
            ) : null}
            <Button disabled={claim.isPending} onClick={() => claim.execute({ environment })}>
              {claim.isPending ? <Spinner /> : <ListStart aria-hidden="true" />}
              Next case
            </Button>
          </div>
          <FormError error={claim.result.serverError} />
        </div>
      </div>
      <CaseFilters startTransition={startTransition} me={me.id} analysts={analysts} />
      <DataTable
        caption={`Cases of ${environmentLabels[environment]}`}
        columns={columns}
        data={rows}
        getRowId={(kase) => kase.case_id}
        status={error ? "error" : "success"}
        error={error}
        isFetching={isNavigating}
        onRetry={refresh}
        rowsKey={rowsKey}
        onRowOpen={(kase) => router.push(`/cases/${encodeURIComponent(kase.case_id)}`)}
        pagination={pagination(page)}
        sorting={sorting}
        empty={
          <EmptyState icon={<Briefcase />} title="No cases match" description="Open a case from an alert, or change the filters above." />
        }
      />
      <LazyReassignDialog {...dialog} />
      <NewItemsNotice fresh={fresh} noun={["case", "cases"]} onShow={refresh} />
    </>
  );
}
