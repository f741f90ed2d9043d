import { ArrowLeft, RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { createLoader, parseAsString, type SearchParams } from "nuqs/server";
import { AlertActions } from "@/components/alerts/alert-actions";
import { AlertSummary } from "@/components/alerts/alert-summary";
import { AlertHistory } from "@/components/alerts/alert-history";
import { listAnalysts } from "@/lib/api/analysts";
import { IdList } from "@/components/alerts/id-list";
import { UsersLinkGraph } from "@/components/graph/users-link-graph";
import { LinkedTransactions } from "@/components/transactions/linked-transactions";
import { Skeleton } from "@/components/ui/skeleton";
import { Suspense } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { getAlert } from "@/lib/api/alerts";
import { activeCaseForAlert } from "@/lib/api/cases";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import type { AlertDetail } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Alert" };

// Each id list pages on its own cursor; both live in the URL so either can move independently.
const loadListCursors = createLoader({ users_after: parseAsString, transactions_after: parseAsString });

export default async function AlertPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  const cursors = await loadListCursors(searchParams);

  let alert: AlertDetail | null = null;
  let error: SafeError | null = null;
  // The alert's open case, if it has one, turns "Open a case" into a link to it; the page shows
  // without it (the button then finds the case itself).
  const activeCase = activeCaseForAlert(environment, id).catch(() => null);
  // Analysts' names for the history; without them it shows ids.
  const analysts = listAnalysts(analyst, { timeoutMs: 3000 }).then(
    (page) => Object.fromEntries(page.data.map((a) => [a.id, a.name])),
    () => ({}) as Record<string, string>,
  );
  try {
    alert = await getAlert(environment, id, {
      limit: 25,
      users_after: cursors.users_after ?? undefined,
      transactions_after: cursors.transactions_after ?? undefined,
    });
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404 && failure.param !== "users_after" && failure.param !== "transactions_after")
      notFound();
    error = toSafeError(failure);
  }

  const base = `/alerts/${encodeURIComponent(id)}`;
  const href = (query: Record<string, string | null | undefined>) => {
    const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
    return search.size ? `${base}?${search}` : base;
  };
  const back = (
    <LinkButton href="/alerts" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" />
      All alerts
    </LinkButton>
  );

  if (!alert) {
    return (
      <>
        {back}
        <Card className="mt-4">
          <ErrorState
            title="The alert could not be loaded"
            error={error ?? { message: "The alert could not be loaded." }}
            action={
              <LinkButton href={base} variant="secondary" prefetch={false}>
                <RotateCcw aria-hidden="true" />
                Try again
              </LinkButton>
            }
          />
        </Card>
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeader
        className="mt-4"
        title={<UserText value={alert.summary} />}
        description={<code className="font-mono text-xs">{alert.alert_id}</code>}
        actions={<AlertActions alert={alert} environment={environment} caseId={(await activeCase)?.case_id ?? null} />}
      />
      <div className="mt-8 grid gap-6">
        <AlertSummary alert={alert} />
        <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
          <IdList
            title="Users"
            ids={alert.user_ids.data}
            hrefFor={(userId) => `/users/${encodeURIComponent(userId)}`}
            empty="No users are linked to this alert."
            nextHref={
              alert.user_ids.has_more && alert.user_ids.next_cursor
                ? href({ users_after: alert.user_ids.next_cursor, transactions_after: cursors.transactions_after })
                : null
            }
            firstHref={cursors.users_after ? href({ transactions_after: cursors.transactions_after }) : null}
          />
          <IdList
            title="Transactions"
            ids={alert.transaction_ids.data}
            empty="No transactions are linked to this alert."
            nextHref={
              alert.transaction_ids.has_more && alert.transaction_ids.next_cursor
                ? href({ users_after: cursors.users_after, transactions_after: alert.transaction_ids.next_cursor })
                : null
            }
            firstHref={cursors.transactions_after ? href({ users_after: cursors.users_after }) : null}
          >
            {/* Amounts, scores and decisions stream in after the alert: the page does not wait for them. */}
            <Suspense fallback={<Skeleton className="mt-3 h-24 rounded-lg" />}>
              <LinkedTransactions environment={environment} ids={alert.transaction_ids.data} />
            </Suspense>
          </IdList>
        </div>
        {/* The network around the alert's users, streamed in: the page does not wait for it. */}
        <Suspense fallback={<Skeleton className="h-[28rem] rounded-xl" />}>
          <UsersLinkGraph environment={environment} userIds={alert.user_ids.data} total={alert.affected_users} />
        </Suspense>
        <AlertHistory events={alert.history} names={await analysts} />
      </div>
    </>
  );
}
