import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { createLoader, parseAsString, type SearchParams } from "nuqs/server";
import { DeliveriesView } from "@/components/webhooks/deliveries-view";
import { WebhookDetail } from "@/components/webhooks/webhook-detail";
import { LinkButton } from "@/components/ui/link-button";
import { LoadErrorPanel } from "@/components/ui/page-frame";
import { ApiError, toSafeError } from "@/lib/api/errors";
import { getWebhook, listWebhookDeliveries } from "@/lib/api/webhooks";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { getQueryClient } from "@/lib/queries/query-client";
import { queryKeys } from "@/lib/queries/query-keys";
import { paginationSearchParams } from "@/lib/queries/search-params";
import type { SafeError } from "@/lib/schemas/safe-error";
import type { WebhookEndpoint } from "@/lib/api/wire";

export const metadata: Metadata = { title: "Webhook endpoint" };

const loadParams = createLoader({ ...paginationSearchParams, event_id: parseAsString });

export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const analyst = await requireRole("admin");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  const { cursor, event_id } = await loadParams(searchParams);
  const after = currentCursor(normaliseStack(cursor));
  const eventId = event_id ?? undefined;

  let endpoint: WebhookEndpoint | null = null;
  let error: SafeError | null = null;
  const queryClient = getQueryClient();
  // The endpoint and the first page of its log in parallel. A failed log (a stale cursor) is left
  // to the log's own view, which shows the error in place of the rows and can retry.
  const [found, deliveries] = await Promise.allSettled([
    getWebhook(environment, id),
    listWebhookDeliveries(environment, id, { after, eventId }),
  ]);
  if (found.status === "fulfilled") endpoint = found.value;
  else if (found.reason instanceof ApiError && found.reason.status === 404 && found.reason.code === "resource_not_found") notFound();
  else error = toSafeError(found.reason);
  if (deliveries.status === "fulfilled") {
    queryClient.setQueryData(queryKeys.webhooks.deliveries(environment, id, after, eventId), { ...deliveries.value, environment });
  }

  const back = (
    <LinkButton href="/settings/webhooks" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" />
      All endpoints
    </LinkButton>
  );

  if (!endpoint) {
    return (
      <>
        {back}
        <h1 className="sr-only">Webhook endpoint</h1>
        <LoadErrorPanel
          className="mt-4"
          title="The webhook endpoint could not be loaded"
          error={error ?? { message: "The webhook endpoint could not be loaded." }}
          retryHref={`/settings/webhooks/${encodeURIComponent(id)}`}
        />
      </>
    );
  }

  return (
    <>
      {back}
      <WebhookDetail endpoint={endpoint} environment={environment} />
      <div className="mt-8">
        <HydrationBoundary state={dehydrate(queryClient)}>
          <DeliveriesView environment={environment} webhookId={endpoint.webhook_id} />
        </HydrationBoundary>
      </div>
    </>
  );
}
