import { ArrowLeft, RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import { UserEntities } from "@/components/users/user-entities";
import { UserDecisions, UserReviews, UserSummary, UserTransactions } from "@/components/users/user-activity";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { listAnalysts } from "@/lib/api/analysts";
import { toSafeError } from "@/lib/api/errors";
import { listTransactions } from "@/lib/api/transactions";
import { getGraph, getUserProfile } from "@/lib/api/users";
import { LinkGraph } from "@/components/graph/link-graph";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "User" };

/** The user's latest transactions shown in place; the list is one click away, filtered to them. */
const TRANSACTIONS_SHOWN = 20;

// Everything the account's records say about one user (GET /v1/users/{user_id}), with their
// latest transactions (GET /v1/transactions?user_id=). The profile decides the page; the
// transactions and the analysts' names only add to it.
export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  const [profileResult, transactionsResult, analystsResult, graphResult] = await Promise.allSettled([
    getUserProfile(environment, id),
    listTransactions(environment, { user_id: id }, { limit: TRANSACTIONS_SHOWN }),
    listAnalysts(analyst, { timeoutMs: 3000 }),
    getGraph(environment, id, { depth: 2, limit: 200 }),
  ]);
  const back = (
    <LinkButton href="/transactions" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" />
      Transactions
    </LinkButton>
  );
  if (profileResult.status === "rejected") {
    return (
      <>
        {back}
        <Card className="mt-4">
          <ErrorState
            title="The user could not be loaded"
            error={toSafeError(profileResult.reason)}
            action={
              <LinkButton href={`/users/${encodeURIComponent(id)}`} variant="secondary" prefetch={false}>
                <RotateCcw aria-hidden="true" />
                Try again
              </LinkButton>
            }
          />
        </Card>
      </>
    );
  }
  const profile = profileResult.value;
  const names = analystsResult.status === "fulfilled" ? Object.fromEntries(analystsResult.value.data.map((a) => [a.id, a.name])) : {};
  const transactions = transactionsResult.status === "fulfilled" ? transactionsResult.value.data : [];
  return (
    <>
      {back}
      <PageHeader
        className="mt-4"
        title={<UserText value={profile.user_id} />}
        description="Everything this environment's records say about the user: activity, decisions, what they used, screenings, alerts and cases."
      />
      <div className="mt-8 grid gap-6">
        <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
          <UserSummary profile={profile} />
          <UserTransactions rows={transactions} total={profile.transaction_count} />
        </div>
        {graphResult.status === "fulfilled" ? <LinkGraph environment={environment} graph={graphResult.value} /> : null}
        <UserEntities profile={profile} />
        <UserReviews profile={profile} />
        <UserDecisions profile={profile} names={names} />
      </div>
    </>
  );
}
