"use client";

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
import { transactionListSearchParams, transactionListShows, type TransactionListShow } from "@/lib/queries/transaction-search-params";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";
import type { TransactionSummary } from "@/lib/format/transaction";
import { transactionColumns } from "./transaction-columns";

const NO_ROWS: TransactionSummary[] = [];

const showLabels: Record<TransactionListShow, string> = { all: "Every score", blocked: "Blocked by the engine", review: "Needs review" };

type TransactionsViewProps = {
  environment: ConsoleEnvironment;
  /** The page the server read for the URL's filter and cursor; null when it failed. */
  rows: TransactionSummary[] | null;
  hasMore: boolean;
  nextCursor: string | null;
  error: SafeError | null;
  userId: string | null;
  show: TransactionListShow;
  /** When the server read `rows` (what arrives after it is "new"). */
  listedAt: string;
};

/**
 * Recently scored (or blocked) transactions. The server page reads the API (filters and cursor from the URL);
 * this view changes the URL (not shallow), which re-renders the server page.
 */
export function TransactionsView({ environment, rows, hasMore, nextCursor, error, userId, show, listedAt }: TransactionsViewProps) {
  const router = useRouter();
  const { rowsKey, isNavigating, startTransition, refresh, pagination } = useCursorQueue();
  const [, setParams] = useQueryStates(transactionListSearchParams, { shallow: false, history: "push", scroll: false, startTransition });
  const [user, setUser] = useState(userId ?? "");
  const review = show === "review";
  const columns = useMemo(() => transactionColumns(review ? "?queue=review" : ""), [review]);
  const data = rows ?? NO_ROWS;
  const listed = show === "blocked" ? "blocked" : review ? "waiting for review" : "scored";
  const shownIds = useMemo(() => data.map((row) => row.transaction_id), [data]);
  const fresh = useNewItems({ queue: "transactions", environment, listedAt, shownIds });

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
        data={data}
        getRowId={(row) => row.transaction_id}
        status={error ? "error" : "success"}
        error={error}
        isFetching={isNavigating}
        onRetry={refresh}
        rowsKey={rowsKey}
        onRowOpen={(row) => router.push(`/transactions/${encodeURIComponent(row.transaction_id)}${review ? "?queue=review" : ""}`)}
        pagination={pagination({ has_more: hasMore, next_cursor: nextCursor })}
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
      <NewItemsNotice fresh={fresh} noun={["transaction", "transactions"]} onShow={refresh} />
    </section>
  );
}
