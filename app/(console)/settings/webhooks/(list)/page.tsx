import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { PrefetchedPage } from "@/components/ui/prefetched-page";
import { listWebhooks } from "@/lib/api/webhooks";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { queryKeys } from "@/lib/queries/query-keys";
import { loadPaginationParams } from "@/lib/queries/search-params";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  const { cursor } = await loadPaginationParams(searchParams);
  const after = currentCursor(normaliseStack(cursor));

  return (
    <PrefetchedPage
      title="Webhooks"
      description="Endpoints that receive Argus events as they happen, signed so your receiver can trust them. Each endpoint belongs to one environment."
      prefetch={async (client) => {
        const page = await listWebhooks(environment, { after });
        client.setQueryData(queryKeys.webhooks.page(environment, after), { ...page, environment });
      }}
      errorTitle="The webhook endpoints could not be loaded"
      retryHref="/settings/webhooks"
    >
      <WebhooksView environment={environment} />
    </PrefetchedPage>
  );
}
