import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { AlertsView } from "@/components/alerts/alerts-view";
import { ViewsMenu } from "@/components/saved-views/views-menu";
import { PageHeader } from "@/components/ui/page-header";
import { listAlertClusters, listAlerts, type AlertFilters } from "@/lib/api/alerts";
import { toSafeError } from "@/lib/api/errors";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { listSavedViews } from "@/lib/api/views";
import { isBareQuery, viewHref } from "@/lib/queries/saved-view-query";
import { alertFiltersOf, loadAlertQueueParams } from "@/lib/queries/alert-search-params";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import type { Alert, AlertCluster, ListPage } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  // The saved views for the menu; the queue shows without them (after at most 3 s).
  const views = await listSavedViews(environment, analyst, "alerts", 3000).catch(() => []);
  // A bare /alerts opens on the analyst's default view: redirected here, so nothing flashes.
  const preferred = views.find((view) => view.is_default);
  if (preferred && isBareQuery(await searchParams)) redirect(viewHref("alerts", preferred, analyst.id));
  const params = await loadAlertQueueParams(searchParams);
  const after = currentCursor(normaliseStack(params.cursor));

  const filters: AlertFilters = alertFiltersOf(params);
  // Taken before the read: whatever is created from now on counts as new (the "N new" notice).
  const listedAt = new Date().toISOString();
  let page: ListPage<Alert> | null = null;
  let error: SafeError | null = null;
  try {
    page = await listAlerts(environment, filters, { after });
  } catch (failure) {
    error = toSafeError(failure);
  }
  // The order is not a filter: a queue sorted by severity with nothing open is just empty.
  const filtered =
    params.status !== "open" ||
    Object.entries(filters).some(([name, value]) => name !== "status" && name !== "sort" && value !== undefined);
  // Clusters of related open alerts head the unfiltered queue; without them (computed per request,
  // slow on a large open backlog) the queue still shows, after at most 3 s.
  const clusters: AlertCluster[] = filtered ? [] : await listAlertClusters(environment, {}, 3000).catch(() => []);

  return (
    <>
      <PageHeader
        title="Alerts"
        description="Patterns the detection engine raised across users and transactions, newest or most severe first. Acknowledge what you are looking at; resolve with your findings."
      />
      <div className="mt-8">
        <AlertsView
          environment={environment}
          page={page}
          error={error}
          filtered={filtered}
          sort={params.sort}
          listedAt={listedAt}
          clusters={clusters}
          viewsMenu={
            <ViewsMenu
              queue="alerts"
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
