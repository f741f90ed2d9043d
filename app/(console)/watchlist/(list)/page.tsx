import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ScreeningsView } from "@/components/watchlist/screenings-view";
import { PageHeader } from "@/components/ui/page-header";
import { toSafeError } from "@/lib/api/errors";
import { listScreenings, type ScreeningFilters } from "@/lib/api/screenings";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { isQueueTab, loadScreeningQueueParams, screeningFiltersOf } from "@/lib/queries/screening-search-params";
import type { ListPage, ListedScreening } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Watchlist review" };

export default async function WatchlistPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const params = await loadScreeningQueueParams(searchParams);
  const after = currentCursor(normaliseStack(params.cursor));
  const queue = isQueueTab(params.review);
  const filters: ScreeningFilters = screeningFiltersOf(params);
  // Taken before the read: whatever is created from now on counts as new (the "N new" notice).
  const listedAt = new Date().toISOString();

  let page: ListPage<ListedScreening> | null = null;
  let error: SafeError | null = null;
  try {
    page = await listScreenings(environment, filters, { after });
  } catch (failure) {
    error = toSafeError(failure);
  }
  const filtered = params.review !== "pending_review" || filters.status !== undefined || filters.user_id !== undefined;

  return (
    <>
      <PageHeader
        title="Watchlist review"
        description="Screenings whose names matched a sanctions, PEP or adverse-media entry. Those awaiting review come oldest first, repeated screenings of one person against the same entries as one row. Compare the person with each listed entity and decide: true match, false positive, or need more information."
      />
      <div className="mt-8">
        <ScreeningsView environment={environment} page={page} error={error} filtered={filtered} queue={queue} listedAt={listedAt} />
      </div>
    </>
  );
}
