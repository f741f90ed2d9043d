"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Webhook } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { listWebhooksAction } from "@/lib/actions/list-webhooks";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { unwrapAction } from "@/lib/queries/action-result";
import { environmentListState } from "@/lib/queries/environment-list";
import { queryKeys } from "@/lib/queries/query-keys";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import type { CreatedWebhookEndpoint, WebhookEndpoint } from "@/lib/api/wire";
import { CreateWebhookDialog } from "./lazy-dialogs";
import { CreatedWebhookDialog } from "./created-webhook-dialog";
import { webhookColumns, webhookHref } from "./webhook-columns";

const NO_ENDPOINTS: WebhookEndpoint[] = [];

/** The webhook endpoints of the active environment: a paginated table, add, edit and delete. */
export function WebhooksView({ environment }: { environment: ConsoleEnvironment }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  // The view fetches its pages itself (React Query): cursor changes in the URL are shallow.
  const cursor = useCursorQueue({ shallow: true });
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const query = useQuery({
    queryKey: queryKeys.webhooks.page(environment, cursor.after),
    queryFn: async () => unwrapAction(await listWebhooksAction({ after: cursor.after })),
    placeholderData: keepPreviousData,
  });

  const { rows, table } = environmentListState(query, environment, NO_ENDPOINTS);

  const columns = useMemo(
    () =>
      webhookColumns({
        environment,
        onChanged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(environment) }),
      }),
    [environment, queryClient],
  );

  function onCreated(endpoint: CreatedWebhookEndpoint) {
    setCreated(endpoint);
    // The new endpoint is the newest: show the first page, fetched afresh.
    cursor.first();
    void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(environment) });
  }

  const complete = cursor.stack.length === 0 && query.data?.has_more === false;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Endpoints of <strong className="font-medium text-foreground">{environmentLabels[environment]}</strong>, newest first. Open one for
          its delivery log.
        </p>
        <CreateWebhookDialog environment={environment} onCreated={onCreated} />
      </div>
      <DataTable
        caption={`Webhook endpoints of ${environmentLabels[environment]}`}
        columns={columns}
        data={rows}
        getRowId={(endpoint) => endpoint.webhook_id}
        {...table}
        sorting={complete ? "client" : undefined}
        rowsKey={cursor.after}
        onRowOpen={(endpoint) => router.push(webhookHref(endpoint.webhook_id))}
        pagination={cursor.pagination(query.data, { busy: query.isPlaceholderData })}
        empty={
          <EmptyState
            icon={<Webhook />}
            title={`No webhook endpoints in ${environmentLabels[environment]} yet`}
            description="Add an endpoint to have Argus push alerts, case changes, verification results and flagged or blocked transactions to your systems."
          />
        }
      />
      <CreatedWebhookDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
