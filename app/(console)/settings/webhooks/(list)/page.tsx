import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { listWebhooks } from "@/lib/api/webhooks";
import { toSafeError } from "@/lib/api/errors";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { getQueryClient } from "@/lib/queries/query-client";
import { queryKeys } from "@/lib/queries/query-keys";
import { loadPaginationParams } from "@/lib/queries/search-params";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  const { cursor } = await loadPaginationParams(searchParams);
  const after = currentCursor(normaliseStack(cursor));

  // The first page is rendered on the server and handed to the browser's query cache; later
  // pages are fetched by the view through a server action.
  const queryClient = getQueryClient();
  let error: SafeError | null = null;
  try {
    const page = await listWebhooks(environment, { after });
    queryClient.setQueryData(queryKeys.webhooks.page(environment, after), { ...page, environment });
  } catch (failure) {
    error = toSafeError(failure);
  }

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive Argus events as they happen, signed so your receiver can trust them. Each endpoint belongs to one environment."
      />
      <div className="mt-8">
        {error ? (
          <div className="rounded-xl border border-border bg-surface">
            <ErrorState
              title="The webhook endpoints could not be loaded"
              error={error}
              action={
                <LinkButton href="/settings/webhooks" variant="secondary" prefetch={false}>
                  <RotateCcw aria-hidden="true" />
                  Try again
                </LinkButton>
              }
            />
          </div>
        ) : (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <WebhooksView environment={environment} />
          </HydrationBoundary>
        )}
      </div>
    </>
  );
}
