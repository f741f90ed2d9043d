"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Card, CardContent } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { queryKeys } from "@/lib/queries/query-keys";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { ALL_EVENTS, type WebhookEndpoint } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { EditWebhookDialog } from "./lazy-dialogs";
import { EndpointStateNote, EndpointStatusBadge } from "./endpoint-status";

/** The head of an endpoint's page: what it is, its state, and edit / delete. */
export function WebhookDetail({ endpoint, environment }: { endpoint: WebhookEndpoint; environment: ConsoleEnvironment }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(environment) });
    router.refresh();
  };
  return (
    <>
      <PageHeader
        className="mt-4"
        title={endpoint.description ? <UserText value={endpoint.description} /> : "Webhook endpoint"}
        description={<UserText value={endpoint.url} className="font-mono text-xs break-all" />}
        actions={
          <>
            <EditWebhookDialog endpoint={endpoint} environment={environment} onSaved={changed} variant="page" />
            <DeleteWebhookDialog
              endpoint={endpoint}
              environment={environment}
              variant="page"
              onDeleted={() => {
                void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(environment) });
                router.push("/settings/webhooks");
              }}
            />
          </>
        }
      />
      <div className="mt-6 grid gap-4">
        <EndpointStateNote endpoint={endpoint} />
        <Card>
          <CardContent>
            <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <div className="grid gap-1">
                <dt className="text-xs font-medium text-muted-foreground">Status</dt>
                <dd>
                  <EndpointStatusBadge endpoint={endpoint} />
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-xs font-medium text-muted-foreground">Endpoint id</dt>
                <dd className="flex items-center gap-1">
                  <code className="font-mono text-xs">{endpoint.webhook_id}</code>
                  <CopyButton value={endpoint.webhook_id} label="Copy endpoint id" variant="ghost" />
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-xs font-medium text-muted-foreground">Created</dt>
                <dd>
                  <DateTime value={endpoint.created_at} />
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-xs font-medium text-muted-foreground">Last changed</dt>
                <dd>
                  <DateTime value={endpoint.updated_at} />
                </dd>
              </div>
              <div className="grid gap-1 sm:col-span-2 lg:col-span-4">
                <dt className="text-xs font-medium text-muted-foreground">Events</dt>
                <dd>
                  {endpoint.events.includes(ALL_EVENTS) ? (
                    "All events, including types added later"
                  ) : (
                    <ul className="flex flex-wrap gap-x-4 gap-y-1">
                      {endpoint.events.map((type) => (
                        <li key={type}>
                          <code className="font-mono text-xs">{type}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
