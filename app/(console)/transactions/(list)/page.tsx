import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { TransactionLookupForm } from "@/components/transactions/transaction-lookup-form";
import { TransactionsView } from "@/components/transactions/transactions-view";
import { PageHeader } from "@/components/ui/page-header";
import { toSafeError } from "@/lib/api/errors";
import { readTransactionList } from "@/lib/api/transaction-list";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole, requireSessionClaims } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import type { TransactionListAnswer, TransactionListQuery } from "@/lib/queries/transaction-list";
import { loadTransactionListParams } from "@/lib/queries/transaction-search-params";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Transactions" };

// No loading.tsx for this route: the rows are part of the first HTML the server sends. Behind a
// Suspense boundary they would be streamed after the shell, and React shows a streamed boundary
// no sooner than 300 ms after the first paint (its reveal throttle).
export default async function TransactionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const renderedAt = new Date().toISOString();
  const params = await loadTransactionListParams(searchParams);
  const query: TransactionListQuery = {
    show: params.show,
    userId: params.user_id?.trim() || null,
    after: currentCursor(normaliseStack(params.cursor)),
  };
  // The rows are read while the API confirms the session (the environment is the session cookie's
  // choice): one round trip to the API instead of two. Nothing read is shown unless it confirms.
  const claims = await requireSessionClaims();
  const environment = await getActiveEnvironment(claims.id);
  const [, read] = await Promise.all([
    requireRole("analyst"),
    readTransactionList(environment, query).then(
      (answer): { answer: TransactionListAnswer; error: null } => ({ answer, error: null }),
      (failure: unknown): { answer: null; error: SafeError } => ({ answer: null, error: toSafeError(failure) }),
    ),
  ]);

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
          initialQuery={query}
          initial={read.answer}
          initialError={read.error}
          renderedAt={renderedAt}
        />
      </div>
    </>
  );
}
