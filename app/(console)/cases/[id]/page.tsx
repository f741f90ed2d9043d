import { ArrowLeft, RotateCcw } from "lucide-react";
import { UserLink } from "@/components/ui/user-link";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { CaseStatusBadge } from "@/components/cases/case-badges";
import { CaseControls } from "@/components/cases/case-controls";
import { CaseTimeline } from "@/components/cases/case-timeline";
import { CaseExportActions, DecisionChainsStatus } from "@/components/cases/case-export-actions";
import { LinkedAlerts } from "@/components/cases/linked-alerts";
import { CaseGraph } from "@/components/graph/case-graph";
import { resolutionLabel } from "@/lib/format/resolution";
import { Age, LocalDateTime, SlaBadge } from "@/components/ui/sla-badge";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { Skeleton } from "@/components/ui/skeleton";
import { LinkedTransactions } from "@/components/transactions/linked-transactions";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { listAnalysts } from "@/lib/api/analysts";
import { getCase, getCaseExport } from "@/lib/api/cases";
import { listApprovals } from "@/lib/api/approvals";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { caseTypeLabels } from "@/lib/format/case";
import type { Case } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Case" };

export default async function CasePage({ params }: { params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;

  let kase: Case | null = null;
  let error: SafeError | null = null;
  // The analyst list only names people (timeline, assignee); the case shows without it.
  // The export carries the hash-chain checks; the case shows without them ("could not be checked").
  // A resolution waiting for a second person (four-eyes) is shown as such; the case shows without it.
  const [caseResult, analystsResult, exportResult, heldResult] = await Promise.allSettled([
    getCase(environment, id),
    listAnalysts(analyst, { timeoutMs: 3000 }),
    getCaseExport(environment, id, 5000),
    listApprovals(environment, analyst, { status: "pending", object_id: id }, { limit: 1 }),
  ]);
  const chains = exportResult.status === "fulfilled" ? exportResult.value.chains : null;
  const heldId = heldResult.status === "fulfilled" ? (heldResult.value.data[0]?.approval_id ?? null) : null;
  if (caseResult.status === "fulfilled") kase = caseResult.value;
  else if (caseResult.reason instanceof ApiError && caseResult.reason.status === 404) notFound();
  else error = toSafeError(caseResult.reason);
  const analysts = analystsResult.status === "fulfilled" ? analystsResult.value.data.map((a) => ({ id: a.id, name: a.name })) : [];
  const names = Object.fromEntries(analysts.map((a) => [a.id, a.name]));

  if (!kase) {
    return (
      <Card>
        <ErrorState
          title="The case could not be loaded"
          error={error ?? { message: "The case could not be loaded." }}
          action={
            <LinkButton href={`/cases/${encodeURIComponent(id)}`} variant="secondary" prefetch={false}>
              <RotateCcw aria-hidden="true" />
              Try again
            </LinkButton>
          }
        />
      </Card>
    );
  }

  const facts: [string, ReactNode][] = [
    ["Status", <CaseStatusBadge key="s" status={kase.status} />],
    ["Severity", <SeverityBadge key="v" severity={kase.severity} />],
    ["Type", caseTypeLabels[kase.case_type]],
    ...(kase.resolution ? ([["Outcome", resolutionLabel(kase.resolution)]] as [string, ReactNode][]) : []),
    [
      "Assignee",
      kase.assignee_id ? (
        <UserText key="a" value={names[kase.assignee_id] ?? kase.assignee_id} />
      ) : (
        <span className="text-muted-foreground">Unassigned</span>
      ),
    ],
    ["User", kase.user_id ? <UserLink key="u" userId={kase.user_id} /> : <span className="text-muted-foreground">—</span>],
    ...(kase.alert_id
      ? ([
          [
            "Opened from",
            <Link key="a" href={`/alerts/${encodeURIComponent(kase.alert_id)}`} className="font-mono text-xs underline underline-offset-4">
              {kase.alert_id}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      "Due",
      <SlaBadge key="d" dueAt={kase.due_at} state={kase.sla_state} finished={kase.status === "resolved" || kase.status === "closed"} />,
    ],
    ["Age", <Age key="a" createdAt={kase.created_at} />],
    ["Created", <LocalDateTime key="c" value={kase.created_at} />],
    ["Updated", <LocalDateTime key="u" value={kase.updated_at} />],
  ];

  return (
    <>
      <LinkButton href="/cases" variant="ghost" size="sm">
        <ArrowLeft aria-hidden="true" />
        All cases
      </LinkButton>
      <PageHeader
        className="mt-4"
        title={<UserText value={kase.title} />}
        description={<code className="font-mono text-xs">{kase.case_id}</code>}
        actions={<CaseExportActions caseId={kase.case_id} />}
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="grid content-start gap-6">
          <Card as="section" aria-labelledby="case-facts" className="p-5">
            <h2 id="case-facts" className="text-base font-semibold">
              Case
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              {facts.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card as="section" aria-labelledby="case-transactions" className="p-5">
            <h2 id="case-transactions" className="text-base font-semibold">
              Linked transactions ({kase.transaction_ids.length})
            </h2>
            {kase.transaction_ids.length > 0 && chains ? <DecisionChainsStatus check={chains.decisions} /> : null}
            {kase.transaction_ids.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No transactions are linked to this case.</p>
            ) : (
              // Scores and decisions stream in after the case: the page does not wait for them.
              <Suspense fallback={<Skeleton className="mt-3 h-24 rounded-lg" />}>
                <LinkedTransactions environment={environment} ids={kase.transaction_ids} />
              </Suspense>
            )}
          </Card>
          <Card as="section" aria-labelledby="case-alerts" className="p-5">
            <h2 id="case-alerts" className="text-base font-semibold">
              Linked alerts ({kase.alert_ids.length})
            </h2>
            {kase.alert_ids.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No alerts are linked to this case.</p>
            ) : (
              <Suspense fallback={<Skeleton className="mt-3 h-16 rounded-lg" />}>
                <LinkedAlerts environment={environment} ids={kase.alert_ids} />
              </Suspense>
            )}
          </Card>
          {/* The network around the case's users, streamed in: the page does not wait for it. */}
          <Suspense fallback={<Skeleton className="h-[28rem] rounded-xl" />}>
            <CaseGraph environment={environment} kase={kase} />
          </Suspense>
          <CaseTimeline events={kase.events} names={names} chain={chains?.audit ?? null} />
        </div>
        <div className="content-start">
          <CaseControls
            heldId={heldId}
            kase={kase}
            environment={environment}
            me={{ id: analyst.id, isLead: hasRole(analyst.role, "lead") }}
            analysts={analysts}
          />
        </div>
      </div>
    </>
  );
}
