import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { CaseQueueView, type QueueList } from "@/components/cases/case-queue-view";
import { CaseWorkload } from "@/components/cases/case-workload";
import { PageHeader } from "@/components/ui/page-header";
import { listAnalysts } from "@/lib/api/analysts";
import { listCases, type CaseFilters } from "@/lib/api/cases";
import { toSafeError } from "@/lib/api/errors";
import { getDeskWorkload, getForecast } from "@/lib/api/desk";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { analystTimeZone } from "@/lib/auth/time-zone";
import { TimeZoneCookie } from "@/components/ui/time-zone-cookie";
import { BreachForecast } from "@/components/desk/breach-forecast";
import { caseFiltersOf, loadCaseQueueParams } from "@/lib/queries/case-search-params";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import type { Case, ListPage } from "@/lib/api/wire";

export const metadata: Metadata = { title: "Case queue" };

const toList = (result: PromiseSettledResult<ListPage<Case>>): QueueList =>
  result.status === "fulfilled" ? { page: result.value, error: null } : { page: null, error: toSafeError(result.reason) };

// The lead's queue: leads and admins get the queue overview, assignment and bulk actions.
// Unassigned cases come first in their own section, unless the assignee filter already decides.
export default async function CaseQueuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("lead");
  const environment = await getActiveEnvironment(analyst.id);
  const params = await loadCaseQueueParams(searchParams);
  const filters: CaseFilters = { ...caseFiltersOf(params), sort: params.sort };
  // Taken before the read: whatever is created from now on counts as new (the "N new" notice).
  const listedAt = new Date().toISOString();
  const showUnassigned = !params.assignee_id;
  const timeZone = await analystTimeZone();

  const [all, unassigned, workload, analysts, forecast] = await Promise.allSettled([
    listCases(environment, filters, { after: currentCursor(normaliseStack(params.cursor)) }),
    // Waiting for an owner means still to be worked: open, unless the lead filtered on a status.
    showUnassigned
      ? listCases(
          environment,
          { ...filters, status: filters.status ?? "open", assignee_id: "none" },
          { after: currentCursor(normaliseStack(params.unassigned_cursor)) },
        )
      : Promise.resolve(null),
    getDeskWorkload(environment, analyst, timeZone),
    listAnalysts(analyst, { timeoutMs: 3000 }),
    getForecast(environment, analyst),
  ]);
  const people = analysts.status === "fulfilled" ? analysts.value.data.map((a) => ({ id: a.id, name: a.name })) : [];

  return (
    <>
      <PageHeader
        title="Case queue"
        description="Every case by priority, unassigned first. Assign one by one, or select cases to assign or move them together."
      />
      <div className="mt-6">
        <CaseWorkload
          workload={workload.status === "fulfilled" ? workload.value : null}
          error={workload.status === "rejected" ? toSafeError(workload.reason) : null}
          me={analyst.id}
          canSetOthers
        />
      </div>
      <div className="mt-6">
        <BreachForecast
          forecast={forecast.status === "fulfilled" ? forecast.value : null}
          error={forecast.status === "rejected" ? toSafeError(forecast.reason) : null}
        />
      </div>
      <TimeZoneCookie current={timeZone} />
      <div className="mt-6">
        <CaseQueueView
          environment={environment}
          me={analyst.id}
          analysts={people}
          listedAt={listedAt}
          all={toList(all)}
          unassigned={
            unassigned.status === "rejected"
              ? { page: null, error: toSafeError(unassigned.reason) }
              : unassigned.value
                ? { page: unassigned.value, error: null }
                : null
          }
        />
      </div>
    </>
  );
}
