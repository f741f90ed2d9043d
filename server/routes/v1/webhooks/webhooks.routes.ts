import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { changeRequired } from "../../../http/validation";
import { ifMatchHeaders } from "../../../http/if-match";
import { webhookEventTypes } from "../../../domain/webhooks/emit";

export const WebhookEndpointSchema = z
  .object({
    object: z.literal("webhook_endpoint"),
    webhook_id: z.string().openapi({ example: "we_01jd2x3y4z5a6b7c8d9e0f1g2h" }),
    url: z.string(),
    events: z.array(z.string()).openapi({ description: 'Subscribed event types, or ["*"] for all' }),
    description: z.string().nullable(),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: z
      .string()
      .nullable()
      .openapi({ description: "Why Argus disabled the endpoint (null when enabled or disabled by request)" }),
    disabled_at: z.string().nullable(),
    version: z
      .number()
      .int()
      .openapi({ description: "An addition: 1 on create, +1 on every change (also Argus disabling it); also the ETag" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("WebhookEndpoint");

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ description: "`whsec_…` signing secret, shown only in this response" }),
}).openapi("CreatedWebhookEndpoint");

export const DeletedWebhookEndpointSchema = WebhookEndpointSchema.extend({ deleted: z.literal(true) }).openapi("DeletedWebhookEndpoint");

export const WebhookDeliverySchema = z
  .object({
    object: z.literal("webhook_delivery"),
    delivery_id: z.string(),
    webhook_id: z.string(),
    event_id: z.string().openapi({ description: "Equals the `webhook-id` header and the body `id`" }),
    event_type: z.string(),
    attempt: z.number().int().openapi({ description: "1 for the first attempt, up to 9" }),
    status: z.enum(["succeeded", "failed"]),
    status_code: z.number().int().nullable(),
    latency_ms: z.number().int().nullable(),
    error: z.string().nullable(),
    response_body: z.string().nullable().openapi({ description: "The first 1,024 characters of the response" }),
    next_retry_at: z.string().nullable().openapi({ description: "When the next attempt is due; null after success or the last attempt" }),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("WebhookDelivery");

const eventName = z.enum([...webhookEventTypes, "*"]);
const url = z.string().trim().min(1).max(2048).openapi({ example: "https://example.com/argus/webhooks" });

export const CreateWebhookBody = z
  .object({
    url,
    events: z.array(eventName).min(1).max(20).openapi({ description: 'Event type names, or ["*"]' }),
    description: z.string().max(500).nullable().optional(),
  })
  .openapi("CreateWebhookRequest");

export const UpdateWebhookBody = changeRequired(
  z.object({
    url: url.optional(),
    events: z.array(eventName).min(1).max(20).optional(),
    description: z.string().max(500).nullable().optional(),
    status: z.enum(["enabled", "disabled"]).optional(),
  }),
).openapi("UpdateWebhookRequest");

const tags = ["Webhooks"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const endpointResponse = (description: string) => ({ description, content: { "application/json": { schema: WebhookEndpointSchema } } });

export const createWebhookRoute = createRoute({
  method: "post",
  path: "/v1/webhooks",
  tags,
  summary: "Register a webhook endpoint",
  middleware: apiKeyRoute("a", "webhooks:write"),
  request: { body: { required: true, content: { "application/json": { schema: CreateWebhookBody } } } },
  responses: {
    201: {
      description: "The endpoint, with its secret this once",
      content: { "application/json": { schema: CreatedWebhookEndpointSchema } },
    },
    ...commonErrors,
    ...errorResponses(409),
  },
});

export const listWebhooksRoute = createRoute({
  method: "get",
  path: "/v1/webhooks",
  tags,
  summary: "List webhook endpoints (an addition)",
  middleware: apiKeyRoute("a", "webhooks:read", "webhooks:write"),
  request: { query: z.object(paginationQuery) },
  responses: {
    200: {
      description: "A page of endpoints",
      content: { "application/json": { schema: listSchema(WebhookEndpointSchema, "WebhookEndpointList") } },
    },
    ...commonErrors,
  },
});

export const getWebhookRoute = createRoute({
  method: "get",
  path: "/v1/webhooks/{id}",
  tags,
  summary: "Retrieve a webhook endpoint",
  middleware: apiKeyRoute("a", "webhooks:read", "webhooks:write"),
  request: { params: idParam },
  responses: { 200: endpointResponse("The endpoint"), ...commonErrors, ...errorResponses(404) },
});

export const updateWebhookRoute = createRoute({
  method: "patch",
  path: "/v1/webhooks/{id}",
  tags,
  summary: "Update a webhook endpoint (an addition): url, events, description, status",
  middleware: apiKeyRoute("a", "webhooks:write"),
  request: {
    params: idParam,
    headers: ifMatchHeaders,
    body: { required: true, content: { "application/json": { schema: UpdateWebhookBody } } },
  },
  responses: { 200: endpointResponse("The updated endpoint"), ...commonErrors, ...errorResponses(404, 409) },
});

export const deleteWebhookRoute = createRoute({
  method: "delete",
  path: "/v1/webhooks/{id}",
  tags,
  summary: "Delete a webhook endpoint (an addition); it stops receiving at once",
  middleware: apiKeyRoute("a", "webhooks:write"),
  request: { params: idParam, headers: ifMatchHeaders },
  responses: {
    200: { description: "The deleted endpoint", content: { "application/json": { schema: DeletedWebhookEndpointSchema } } },
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});

export const listDeliveriesRoute = createRoute({
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  tags,
  summary: "The delivery log of an endpoint (an addition): one entry per attempt, newest first",
  middleware: apiKeyRoute("a", "webhooks:read", "webhooks:write"),
  request: {
    params: idParam,
    query: z.object({ event_id: z.string().min(1).optional().openapi({ description: "Only attempts of this event" }), ...paginationQuery }),
  },
  responses: {
    200: {
      description: "A page of attempts",
      content: { "application/json": { schema: listSchema(WebhookDeliverySchema, "WebhookDeliveryList") } },
    },
    ...commonErrors,
    ...errorResponses(404),
  },
});
