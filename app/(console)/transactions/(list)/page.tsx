import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { TransactionLookupForm } from "@/components/transactions/transaction-lookup-form";
import { TransactionsView } from "@/components/transactions/transactions-view";
import { PageHeader } from "@/components/ui/page-header";
import { toSafeError } from "@/lib/api/errors";
import { getTransactions, listScoredTransactions, listTransactions } from "@/lib/api/transactions";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { loadTransactionListParams } from "@/lib/queries/transaction-search-params";
import type { SafeError } from "@/lib/schemas/safe-error";
import { summaryOfListedTransaction, summaryOfScoredEvent, type TransactionSummary } from "@/lib/format/transaction";

export const metadata: Metadata = { title: "Transactions" };

const PAGE_SIZE = 20;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const params = await loadTransactionListParams(searchParams);
  const after = currentCursor(normaliseStack(params.cursor));
  const userId = params.user_id?.trim() || undefined;
  const blocked = params.show === "blocked";

  // The list is the event log's `transaction.scored` entries (or `transaction.blocked` ones, for
  // the blocks alone); each row is completed with its assessment (amount, the decision in force),
  // read in parallel. A row whose assessment cannot be read still shows what its event says.
  // Taken before the read: whatever is created from now on counts as new (the "N new" notice).
  const listedAt = new Date().toISOString();
  let rows: TransactionSummary[] | null = null;
  let hasMore = false;
  let nextCursor: string | null = null;
  let error: SafeError | null = null;
  try {
    // Needs review: challenged or blocked by the engine, no analyst decision yet, oldest first.
    if (params.show === "review") {
      const page = await listTransactions(environment, { review: "pending", order: "asc", user_id: userId }, { limit: PAGE_SIZE, after });
      rows = page.data.map(summaryOfListedTransaction);
      hasMore = page.has_more;
      nextCursor = page.next_cursor;
    } else {
      const page = await listScoredTransactions(environment, { user_id: userId, blocked }, { limit: PAGE_SIZE, after });
      const assessments = await getTransactions(
        environment,
        page.data.flatMap((event) => (event.transaction_id ? [event.transaction_id] : [])),
      );
      rows = page.data.map((event) => summaryOfScoredEvent(event, event.transaction_id ? assessments.get(event.transaction_id) : null));
      hasMore = page.has_more;
      nextCursor = page.next_cursor;
    }
  } catch (failure) {
    error = toSafeError(failure);
  }

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Open a transaction by its id, or pick one of the most recently scored. Each shows its score explained signal by signal, the evidence trail and the decision chain."
      />
      <div className="mt-8 grid gap-6">
        <TransactionLookupForm />
        <TransactionsView
          environment={environment}
          rows={rows}
          hasMore={hasMore}
          nextCursor={nextCursor}
          error={error}
          userId={userId ?? null}
          show={params.show}
          listedAt={listedAt}
        />
      </div>
    </>
  );
}
