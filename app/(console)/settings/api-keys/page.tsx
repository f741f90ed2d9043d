import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ApiKeysView } from "@/components/settings/api-keys-view";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/api/api-keys";
import { consoleKeyLastFour } from "@/lib/api/config";
import { toSafeError } from "@/lib/api/errors";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { getQueryClient } from "@/lib/queries/query-client";
import { queryKeys } from "@/lib/queries/query-keys";
import { loadPaginationParams } from "@/lib/queries/search-params";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  const { cursor } = await loadPaginationParams(searchParams);
  const after = currentCursor(normaliseStack(cursor));

  // The first page is rendered on the server and handed to the browser's query cache; later
  // pages are fetched by the view through a server action.
  const queryClient = getQueryClient();
  let error: SafeError | null = null;
  try {
    const page = await listApiKeys(environment, analyst, { after });
    queryClient.setQueryData(queryKeys.apiKeys.page(environment, after), { ...page, environment });
  } catch (failure) {
    error = toSafeError(failure);
  }

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate your services to the Argus API. Each works in one environment only; give each service its own key, with the fewest scopes it needs."
      />
      <div className="mt-8">
        {error ? (
          <div className="rounded-xl border border-border bg-surface">
            <ErrorState
              title="The API keys could not be loaded"
              error={error}
              action={
                <LinkButton href="/settings/api-keys" variant="secondary" prefetch={false}>
                  <RotateCcw aria-hidden="true" />
                  Try again
                </LinkButton>
              }
            />
          </div>
        ) : (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <ApiKeysView environment={environment} consoleKeyLastFour={await consoleKeyLastFour(environment)} />
          </HydrationBoundary>
        )}
      </div>
    </>
  );
}
