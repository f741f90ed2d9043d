import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { CasesView } from "@/components/cases/cases-view";
import { ViewsMenu } from "@/components/saved-views/views-menu";
import { PageHeader } from "@/components/ui/page-header";
import { listAnalysts } from "@/lib/api/analysts";
import { listCases } from "@/lib/api/cases";
import { listSavedViews } from "@/lib/api/views";
import { isBareQuery, viewHref } from "@/lib/queries/saved-view-query";
import { toSafeError } from "@/lib/api/errors";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { caseFiltersOf, loadCaseQueueParams } from "@/lib/queries/case-search-params";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import type { Case, ListPage } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Cases" };

export default async function CasesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  // The saved views for the menu; the queue shows without them (after at most 3 s).
  const views = await listSavedViews(environment, analyst, "cases", 3000).catch(() => []);
  // A bare /cases opens on the analyst's default view: redirected here, so nothing flashes.
  const preferred = views.find((view) => view.is_default);
  if (preferred && isBareQuery(await searchParams)) redirect(viewHref("cases", preferred, analyst.id));
  const params = await loadCaseQueueParams(searchParams);
  const after = currentCursor(normaliseStack(params.cursor));

  // Taken before the read: whatever is created from now on counts as new (the "N new" notice).
  const listedAt = new Date().toISOString();
  const [cases, analysts] = await Promise.allSettled([
    listCases(environment, { ...caseFiltersOf(params), sort: params.sort }, { after }),
    // Names only: the queue shows without them.
    listAnalysts(analyst, { timeoutMs: 3000 }),
  ]);
  const page: ListPage<Case> | null = cases.status === "fulfilled" ? cases.value : null;
  const error: SafeError | null = cases.status === "rejected" ? toSafeError(cases.reason) : null;
  const people = analysts.status === "fulfilled" ? analysts.value.data.map((a) => ({ id: a.id, name: a.name })) : [];
  const mine = analysts.status === "fulfilled" ? analysts.value.data.find((a) => a.id === analyst.id) : undefined;

  return (
    <>
      <PageHeader
        title="Cases"
        description="Investigations, most urgent first. “Next case” takes the most urgent open, unassigned case for you."
      />
      <div className="mt-8">
        <CasesView
          environment={environment}
          page={page}
          error={error}
          me={{ id: analyst.id, isLead: hasRole(analyst.role, "lead"), availability: mine?.availability ?? null }}
          analysts={people}
          listedAt={listedAt}
          viewsMenu={
            <ViewsMenu
              queue="cases"
              environment={environment}
              views={views}
              me={{ id: analyst.id, isLead: hasRole(analyst.role, "lead") }}
            />
          }
        />
      </div>
    </>
  );
}
