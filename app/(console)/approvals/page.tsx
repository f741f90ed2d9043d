import { CheckCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ApprovalsTable } from "@/components/approvals/approvals-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { listAnalysts } from "@/lib/api/analysts";
import { listApprovals } from "@/lib/api/approvals";
import { toSafeError } from "@/lib/api/errors";
import { approvalStatuses, type Approval, type ApprovalStatus, type ListPage } from "@/lib/api/wire";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { approvalStatusLabels } from "@/lib/format/approval";
import { cn } from "@/lib/utils/cn";

export const metadata: Metadata = { title: "Approvals" };

const PAGE = 50;
type Filter = ApprovalStatus | "all";
const filters: readonly Filter[] = [...approvalStatuses, "all"];

// The four-eyes queue: leads and admins see every held action and decide them; an analyst sees
// the ones they asked for (the API filters, the console only words it).
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const params = await searchParams;
  const filter: Filter = filters.includes(params.status as Filter) ? (params.status as Filter) : "pending";
  const after = typeof params.after === "string" ? params.after : undefined;
  const isLead = hasRole(analyst.role, "lead");

  const [listed, analysts] = await Promise.allSettled([
    listApprovals(environment, analyst, { status: filter === "all" ? undefined : filter }, { limit: PAGE, after }),
    listAnalysts(analyst, { timeoutMs: 3000 }),
  ]);
  const names = analysts.status === "fulfilled" ? Object.fromEntries(analysts.value.data.map((a) => [a.id, a.name])) : {};
  const page: ListPage<Approval> | null = listed.status === "fulfilled" ? listed.value : null;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Approvals"
        description={
          isLead
            ? "Actions held for a second person. Open one to see it beside what it would change, then approve or reject it with a reason."
            : "The actions you sent for approval. A lead or admin other than you decides each one."
        }
      />
      <nav aria-label="Approval status" className="flex flex-wrap gap-1 rounded-lg border border-border bg-surface-muted p-1 sm:w-fit">
        {filters.map((f) => (
          <Link
            key={f}
            href={`/approvals?status=${f}`}
            aria-current={f === filter ? "page" : undefined}
            className={cn(
              "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground",
              f === filter && "bg-surface text-foreground shadow-sm",
            )}
          >
            {f === "all" ? "All" : approvalStatusLabels[f]}
          </Link>
        ))}
      </nav>
      <Card>
        {!page ? (
          <ErrorState title="The approvals could not be loaded" error={toSafeError((listed as PromiseRejectedResult).reason)} />
        ) : page.data.length === 0 ? (
          <EmptyState
            icon={<CheckCheck />}
            title={filter === "pending" ? "Nothing waits for approval" : "No approvals here"}
            description={filter === "pending" ? "Held actions appear here as soon as someone makes one." : undefined}
          />
        ) : (
          <ApprovalsTable
            approvals={page.data}
            names={names}
            caption={`Approvals: ${filter === "all" ? "all" : approvalStatusLabels[filter]}`}
          />
        )}
      </Card>
      {page?.has_more && page.next_cursor ? (
        <div>
          <LinkButton href={`/approvals?status=${filter}&after=${encodeURIComponent(page.next_cursor)}`} variant="secondary">
            Older approvals
          </LinkButton>
        </div>
      ) : null}
    </div>
  );
}
