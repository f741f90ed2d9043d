"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ReceiptText } from "lucide-react";
import { useRouter } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NewItemsNotice } from "@/components/ui/new-items-notice";
import { ChoiceSelect } from "@/components/ui/user-filter-form";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { useNewItems } from "@/lib/hooks/use-new-items";
import { environmentListState } from "@/lib/queries/environment-list";
import { queryKeys } from "@/lib/queries/query-keys";
import { fetchTransactionList, type TransactionListAnswer, type TransactionListQuery } from "@/lib/queries/transaction-list";
import { transactionListSearchParams, transactionListShows, type TransactionListShow } from "@/lib/queries/transaction-search-params";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";
import type { TransactionSummary } from "@/lib/format/transaction";
import { transactionColumns } from "./transaction-columns";

const NO_ROWS: TransactionSummary[] = [];

const showLabels: Record<TransactionListShow, string> = { all: "Every score", blocked: "Blocked by the engine", review: "Needs review" };

type TransactionsViewProps = {
  environment: ConsoleEnvironment;
  /** What the server page read for its URL, and that URL's list (null when the read failed). */
  initialQuery: TransactionListQuery;
  initial: TransactionListAnswer | null;
  initialError: SafeError | null;
  /** When the server page rendered: a new render (a link, an environment switch) starts a fresh cache. */
  renderedAt: string;
};

/**
 * Recently scored (or blocked) transactions, and the Needs review queue. The server page renders
 * the URL's first page into the HTML; later filters and pages are read by this view through the
 * console's route (TanStack Query), the URL kept in step shallowly (nuqs), the rows shown staying
 * until the new ones arrive. No server render of the page runs for them.
 */
export function TransactionsView({ environment, initialQuery, initial, initialError, renderedAt }: TransactionsViewProps) {
  const router = useRouter();
  const cursor = useCursorQueue({ shallow: true });
  const [params, setParams] = useQueryStates(transactionListSearchParams, { history: "push", scroll: false });
  const show = params.show;
  const userId = params.user_id?.trim() || null;
  const query: TransactionListQuery = { show, userId, after: cursor.after };
  const isInitial = show === initialQuery.show && userId === initialQuery.userId && cursor.after === initialQuery.after;
  const [user, setUser] = useState(userId ?? "");

  const list = useQuery({
    queryKey: queryKeys.transactions.list(environment, renderedAt, query),
    queryFn: ({ signal }) => fetchTransactionList(query, signal),
    // The server's page is this render's answer for its URL; any other is read on demand. A failed
    // server read is tried again here.
    initialData: isInitial && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    // The rows stay as read until the analyst asks for new ones ("N new", below): no refetch on
    // remount. A page visited again in this render shows what it showed.
    staleTime: Infinity,
  });
  const { rows, table } = environmentListState(list, environment, NO_ROWS);
  const error = table.error ?? (list.data === undefined && !list.isFetching && isInitial ? initialError : null);

  const review = show === "review";
  const columns = useMemo(() => transactionColumns(review ? "?queue=review" : ""), [review]);
  const listed = show === "blocked" ? "blocked" : review ? "waiting for review" : "scored";
  const shownIds = useMemo(() => rows.map((row) => row.transaction_id), [rows]);
  const fresh = useNewItems({ queue: "transactions", environment, listedAt: list.data?.listed_at ?? renderedAt, shownIds });

  function submitUser(event: FormEvent) {
    event.preventDefault();
    // A cursor belongs to the filter it was issued for: a new filter starts on the first page.
    void setParams({ user_id: user.trim() || null, cursor: null });
  }

  return (
    <section aria-labelledby="recent-transactions" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="recent-transactions" className="text-base font-semibold">
          {review ? "Needs review" : `Recently ${listed}`}
        </h2>
        <form onSubmit={submitUser} aria-label="Filter transactions" className="flex flex-wrap items-end gap-2">
          <div className="w-60">
            <ChoiceSelect
              label="Show"
              options={transactionListShows}
              value={show}
              optionLabel={(option) => showLabels[option]}
              onChange={(next) => void setParams({ show: next === "all" ? null : next, cursor: null })}
            />
          </div>
          <Field label="User id" className="w-64">
            <Input value={user} onChange={(e) => setUser(e.target.value)} placeholder="Any user" spellCheck={false} autoComplete="off" />
          </Field>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {userId ? (
            <Button
              variant="ghost"
              onClick={() => {
                setUser("");
                void setParams({ user_id: null, cursor: null });
              }}
            >
              Clear
            </Button>
          ) : null}
        </form>
      </div>
      <DataTable
        caption={`Transactions ${listed} in ${environmentLabels[environment]}, ${review ? "oldest" : "newest"} first`}
        columns={columns}
        data={rows}
        getRowId={(row) => row.transaction_id}
        {...table}
        status={error ? "error" : table.status}
        error={error}
        rowsKey={`${show}|${userId ?? ""}|${cursor.rowsKey}`}
        onRowOpen={(row) => router.push(`/transactions/${encodeURIComponent(row.transaction_id)}${review ? "?queue=review" : ""}`)}
        pagination={cursor.pagination(list.data, { busy: list.isPlaceholderData })}
        empty={
          <EmptyState
            icon={<ReceiptText />}
            title={
              userId ? `No ${listed} transactions for this user` : `No transactions ${listed} in ${environmentLabels[environment]} yet`
            }
            description={
              userId
                ? "Check the user id, or clear the filter."
                : review
                  ? "Nothing waits: every challenged or blocked transaction has an analyst's decision."
                  : show === "blocked"
                    ? "A transaction appears here when the engine blocks it, by the score bands or a policy rule; a block entered later by an analyst does not."
                    : "Transactions appear here once they are scored through POST /v1/transactions/score or analysed on Surface B."
            }
          />
        }
      />
      <p className="text-xs text-muted-foreground">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens the highlighted transaction.
      </p>
      <NewItemsNotice fresh={fresh} noun={["transaction", "transactions"]} onShow={() => void list.refetch()} />
    </section>
  );
}
