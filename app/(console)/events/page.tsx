import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { EventsView } from "@/components/events/events-view";
import { PageHeader } from "@/components/ui/page-header";
import { toSafeError } from "@/lib/api/errors";
import { listEvents } from "@/lib/api/events";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { eventFiltersFromParams, hasEventFilters, loadEventSearchParams, pageSizeOf } from "@/lib/queries/event-search-params";
import type { ArgusEvent, ListPage } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Events" };

export default async function EventsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const params = await loadEventSearchParams(searchParams);
  const after = currentCursor(normaliseStack(params.cursor));

  let page: ListPage<ArgusEvent> | null = null;
  let error: SafeError | null = null;
  try {
    page = await listEvents(environment, eventFiltersFromParams(params), { after, limit: pageSizeOf(params.limit) });
  } catch (failure) {
    error = toSafeError(failure);
  }

  return (
    <>
      <PageHeader
        title="Events"
        description="The append-only event log: every score, block, identity check, device session, alert and decision, newest first. Open an event to read its payload."
      />
      <div className="mt-8">
        <EventsView environment={environment} page={page} error={error} filtered={hasEventFilters(params)} />
      </div>
    </>
  );
}
