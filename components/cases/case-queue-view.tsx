"use client";

import type { OnChangeFn, RowSelectionState } from "@tanstack/react-table";
import { Briefcase, Inbox } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition, type TransitionStartFunction } from "react";
import { NewItemsNotice } from "@/components/ui/new-items-notice";
import { DataTable, type DataTableSorting } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { useNewItems } from "@/lib/hooks/use-new-items";
import { seenSeq } from "@/lib/format/case";
import type { Case, ListPage } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";
import { CaseBulkBar } from "./case-bulk-bar";
import { useAssignCase } from "./use-assign-case";
import { LazyReassignDialog } from "./lazy-reassign-dialog";
import { caseColumns } from "./case-columns";
import { CaseFilters } from "./case-filters";
import { caseSelectColumn } from "./case-select-column";
import { caseSortLabels, useCaseSorting } from "./use-case-sorting";

const NO_CASES: Case[] = [];

export type QueueList = { page: ListPage<Case> | null; error: SafeError | null };

type CaseQueueViewProps = {
  environment: ConsoleEnvironment;
  me: string;
  analysts: { id: string; name: string }[];
  /** When the server read the lists (what arrives after it is "new"). */
  listedAt: string;
  /** Unassigned cases by priority; null when the assignee filter already narrows the queue. */
  unassigned: QueueList | null;
  /** The queue with the filters applied, by priority. */
  all: QueueList;
};

/**
 * The lead's case queue: unassigned cases first (their own section and pages), then every case by
 * priority; assignment per row, bulk assignment and status changes over the selected rows.
 */
export function CaseQueueView({ environment, me, analysts, listedAt, unassigned, all }: CaseQueueViewProps) {
  const router = useRouter();
  const [isNavigating, startTransition] = useTransition();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const refresh = () => startTransition(() => router.refresh());
  const { sort, sorting } = useCaseSorting(startTransition);

  const names = useMemo(() => Object.fromEntries(analysts.map((a) => [a.id, a.name])), [analysts]);
  const { pendingId, onAssign, dialog } = useAssignCase(environment, refresh, names);

  const columns = useMemo(
    () => [
      caseSelectColumn,
      ...caseColumns({
        names,
        assign: {
          analysts,
          pendingId,
          onAssign,
        },
      }),
    ],
    [names, analysts, pendingId, onAssign],
  );

  // Every loaded case: titles name failures of a bulk action, versions make its changes conditional.
  const loaded = useMemo(
    () =>
      Object.fromEntries(
        [...(unassigned?.page?.data ?? []), ...(all.page?.data ?? [])].map((c) => [
          c.case_id,
          { title: c.title, version: c.version, seen_seq: seenSeq(c) },
        ]),
      ),
    [unassigned, all],
  );
  const shownIds = useMemo(() => Object.keys(loaded), [loaded]);
  // New cases of the queue's filters, assigned or not (the "All cases" list contains both sections).
  const fresh = useNewItems({ queue: "cases", environment, listedAt, shownIds });
  const selectedIds = Object.keys(selection);
  const section = { environment, columns, selection, setSelection, isNavigating, startTransition, refresh, sorting };

  return (
    <>
      <CaseFilters startTransition={startTransition} me={me} analysts={analysts} showSort={false} />
      <CaseBulkBar
        environment={environment}
        selectedIds={selectedIds}
        loaded={loaded}
        analysts={analysts}
        onClear={() => setSelection({})}
        onDone={(failedIds) => {
          setSelection(Object.fromEntries(failedIds.map((id) => [id, true as const])));
          refresh();
        }}
      />
      {unassigned ? (
        <QueueSection
          {...section}
          title="Unassigned"
          description={`Open cases waiting for an owner, ${caseSortLabels[sort]}.`}
          cursorParam="unassigned_cursor"
          list={unassigned}
          empty={
            <EmptyState
              className="py-8"
              icon={<Inbox />}
              title="Nothing waits for an owner"
              description="Every case that matches the filters is assigned."
            />
          }
        />
      ) : null}
      <QueueSection
        {...section}
        title={unassigned ? "All cases" : "Cases"}
        description={
          unassigned
            ? `Every case that matches the filters, assigned or not, ${caseSortLabels[sort]}.`
            : `Cases ${caseSortLabels[sort]}; the headers with arrows change the order.`
        }
        cursorParam="cursor"
        list={all}
        empty={
          <EmptyState icon={<Briefcase />} title="No cases match" description="Open a case from an alert, or change the filters above." />
        }
      />
      <LazyReassignDialog {...dialog} />
      <NewItemsNotice fresh={fresh} noun={["case", "cases"]} onShow={refresh} />
    </>
  );
}

type QueueSectionProps = {
  environment: ConsoleEnvironment;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes value types (see DataTable)
  columns: any[];
  selection: RowSelectionState;
  setSelection: OnChangeFn<RowSelectionState>;
  isNavigating: boolean;
  startTransition: TransitionStartFunction;
  refresh: () => void;
  sorting: DataTableSorting;
  title: string;
  description: string;
  cursorParam: "cursor" | "unassigned_cursor";
  list: QueueList;
  empty: React.ReactNode;
};

/** One table of the queue with its own cursor pages in the URL; selection is shared across tables. */
function QueueSection({
  environment,
  columns,
  selection,
  setSelection,
  isNavigating,
  startTransition,
  refresh,
  sorting,
  title,
  description,
  cursorParam,
  list,
  empty,
}: QueueSectionProps) {
  const router = useRouter();
  // The page's one transition: a move in either table shows as a fetch in both, as a refresh does.
  const { rowsKey, pagination } = useCursorQueue({ param: cursorParam, transition: [isNavigating, startTransition] });
  const headingId = `queue-${cursorParam}`;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <DataTable
        caption={`${title}: cases of ${environmentLabels[environment]}`}
        columns={columns}
        data={list.page?.data ?? NO_CASES}
        getRowId={(kase) => kase.case_id}
        status={list.error ? "error" : "success"}
        error={list.error}
        isFetching={isNavigating}
        onRetry={refresh}
        rowsKey={rowsKey}
        rowSelection={{ state: selection, onChange: setSelection }}
        sorting={sorting}
        onRowOpen={(kase) => router.push(`/cases/${encodeURIComponent(kase.case_id)}`)}
        pagination={pagination(list.page)}
        empty={empty}
      />
    </section>
  );
}
