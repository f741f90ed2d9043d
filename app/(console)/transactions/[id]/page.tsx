import { ArrowLeft, FlaskConical, RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DecisionChain } from "@/components/transactions/decision-chain";
import { DecisionForm } from "@/components/transactions/decision-form";
import { EvidenceTrail } from "@/components/transactions/evidence-trail";
import { ScoreSummary } from "@/components/transactions/score-summary";
import { SignalList } from "@/components/transactions/signal-list";
import { TransactionFacts } from "@/components/transactions/transaction-facts";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { listAnalysts } from "@/lib/api/analysts";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { listSignals } from "@/lib/api/policies";
import { getTransaction, listTransactionEvents } from "@/lib/api/transactions";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { formatAmount } from "@/lib/format/transaction";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Transaction" };

/** Newest events shown in place; the rest are one click away in event search. */
const EVIDENCE_LIMIT = 50;

export default async function TransactionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ queue?: string | string[] }>;
}) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  // Opened from the Needs review queue: the decision form offers "decide and go to the next".
  const fromQueue = (await searchParams).queue === "review";

  // The assessment decides the page; the trail, analyst names and the signal catalogue only add
  // to it, so each may fail on its own without hiding the rest.
  const [txnResult, eventsResult, analystsResult, signalsResult] = await Promise.allSettled([
    getTransaction(environment, id),
    listTransactionEvents(environment, id, { limit: EVIDENCE_LIMIT }),
    listAnalysts(analyst, { timeoutMs: 3000 }),
    listSignals(environment, analyst),
  ]);

  const back = (
    <LinkButton href={fromQueue ? "/transactions?show=review" : "/transactions"} variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" />
      {fromQueue ? "Needs review" : "Transactions"}
    </LinkButton>
  );

  if (txnResult.status === "rejected") {
    const failure = txnResult.reason;
    if (failure instanceof ApiError && failure.status === 404) notFound();
    return (
      <>
        {back}
        <Card className="mt-4">
          <ErrorState
            title="The transaction could not be loaded"
            error={toSafeError(failure)}
            action={
              <LinkButton href={`/transactions/${encodeURIComponent(id)}`} variant="secondary" prefetch={false}>
                <RotateCcw aria-hidden="true" />
                Try again
              </LinkButton>
            }
          />
        </Card>
      </>
    );
  }

  const transaction = txnResult.value;
  const names = analystsResult.status === "fulfilled" ? Object.fromEntries(analystsResult.value.data.map((a) => [a.id, a.name])) : {};
  const catalogue =
    signalsResult.status === "fulfilled"
      ? Object.fromEntries(signalsResult.value.map((s) => [s.name, { trigger: s.trigger, points: s.points }]))
      : {};

  return (
    <>
      {back}
      <PageHeader
        className="mt-4"
        title={
          <>
            {formatAmount(transaction.amount, transaction.currency)} by <UserText value={transaction.user_id} />
          </>
        }
        description={
          <span className="inline-flex items-center gap-1">
            <code className="font-mono text-xs">{transaction.transaction_id}</code>
            <CopyButton value={transaction.transaction_id} label="Copy transaction id" variant="ghost" size="sm" className="h-7 px-2" />
          </span>
        }
        actions={
          // Policies are an administrator's: the draft is edited (and tried) on their page.
          hasRole(analyst.role, "admin") ? (
            <LinkButton
              href={`/settings/policies?try=${encodeURIComponent(transaction.transaction_id)}#try-transaction`}
              variant="secondary"
              size="sm"
            >
              <FlaskConical aria-hidden="true" />
              Try against the draft policy
            </LinkButton>
          ) : undefined
        }
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 content-start gap-6">
          <ScoreSummary transaction={transaction} />
          <SignalList transaction={transaction} catalogue={catalogue} />
          <EvidenceTrail
            transactionId={transaction.transaction_id}
            page={eventsResult.status === "fulfilled" ? eventsResult.value : null}
            error={eventsResult.status === "rejected" ? toSafeError(eventsResult.reason) : null}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <DecisionForm
            transactionId={transaction.transaction_id}
            environment={environment}
            currentDecision={transaction.decisions.length > 0 ? transaction.final_decision : null}
            queue={fromQueue ? { created_at: transaction.created_at } : null}
          />
          <DecisionChain
            decisions={transaction.decisions}
            engineDecision={transaction.decision}
            names={names}
            check={transaction.decision_chain}
          />
          <TransactionFacts transaction={transaction} />
        </div>
      </div>
    </>
  );
}
