import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ApiKeysView } from "@/components/settings/api-keys-view";
import { PrefetchedPage } from "@/components/ui/prefetched-page";
import { listApiKeys } from "@/lib/api/api-keys";
import { consoleKeyLastFour } from "@/lib/api/config";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { queryKeys } from "@/lib/queries/query-keys";
import { loadPaginationParams } from "@/lib/queries/search-params";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  const { cursor } = await loadPaginationParams(searchParams);
  const after = currentCursor(normaliseStack(cursor));

  return (
    <PrefetchedPage
      title="API keys"
      description="Keys authenticate your services to the Argus API. Each works in one environment only; give each service its own key, with the fewest scopes it needs."
      prefetch={async (client) => {
        const page = await listApiKeys(environment, analyst, { after });
        client.setQueryData(queryKeys.apiKeys.page(environment, after), { ...page, environment });
      }}
      errorTitle="The API keys could not be loaded"
      retryHref="/settings/api-keys"
    >
      <ApiKeysView environment={environment} consoleKeyLastFour={await consoleKeyLastFour(environment)} />
    </PrefetchedPage>
  );
}
