import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { type ListPage, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint } from "./wire";
import {
  CreatedWebhookEndpointSchema,
  DeletedWebhookEndpointSchema,
  WebhookEndpointSchema,
  WebhookEndpointListSchema,
  WebhookDeliveryListSchema,
} from "./wire-schemas";
import { apiA } from "./client";

// Webhook endpoints are Surface A resources of the environment's key (`webhooks:read` /
// `webhooks:write`): the console's key of the active environment lists and changes them.

const endpointPath = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`;

export async function listWebhooks(environment: ConsoleEnvironment, page: PageParams = {}): Promise<ListPage<WebhookEndpoint>> {
  return apiA(environment, "/v1/webhooks", { query: { limit: page.limit, after: page.after }, schema: WebhookEndpointListSchema });
}

export async function getWebhook(environment: ConsoleEnvironment, id: string): Promise<WebhookEndpoint> {
  return apiA(environment, endpointPath(id), { schema: WebhookEndpointSchema });
}

export async function createWebhook(
  environment: ConsoleEnvironment,
  input: { url: string; events: string[]; description: string | null },
  idempotencyKey: string,
): Promise<CreatedWebhookEndpoint> {
  return apiA(environment, "/v1/webhooks", { method: "POST", body: input, idempotencyKey, schema: CreatedWebhookEndpointSchema });
}

export async function updateWebhook(
  environment: ConsoleEnvironment,
  id: string,
  version: number,
  patch: { url?: string; events?: string[]; description?: string | null; status?: "enabled" | "disabled" },
): Promise<WebhookEndpoint> {
  return apiA(environment, endpointPath(id), { method: "PATCH", body: patch, ifMatch: version, schema: WebhookEndpointSchema });
}

/** Deletes the version the admin saw: 409 version_conflict if the endpoint changed meanwhile. */
export async function deleteWebhook(environment: ConsoleEnvironment, id: string, version: number): Promise<WebhookEndpoint> {
  return apiA(environment, endpointPath(id), { method: "DELETE", ifMatch: version, schema: DeletedWebhookEndpointSchema });
}

export async function listWebhookDeliveries(
  environment: ConsoleEnvironment,
  id: string,
  page: PageParams & { eventId?: string } = {},
): Promise<ListPage<WebhookDelivery>> {
  return apiA(environment, `${endpointPath(id)}/deliveries`, {
    query: { limit: page.limit, after: page.after, event_id: page.eventId },
    schema: WebhookDeliveryListSchema,
  });
}
