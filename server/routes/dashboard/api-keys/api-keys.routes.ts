import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { allScopes } from "../../../domain/keys/scopes";

export const ApiKeySchema = z
  .object({
    object: z.literal("api_key"),
    id: z.string().openapi({ example: "key_01jd2x3y4z5a6b7c8d9e0f1g2h" }),
    account_id: z.string(),
    label: z.string(),
    environment: z.enum(["live", "test"]),
    scopes: z.array(z.string()).openapi({ description: "Empty = unrestricted" }),
    last_four: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    request_count: z.number().int(),
    revoked_at: z.string().nullable(),
  })
  .openapi("ApiKey");

export const CreateApiKeyBody = z
  .object({
    label: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(allScopes)).max(allScopes.length).default([]),
  })
  .openapi("CreateApiKeyRequest");

const tags = ["Dashboard: API keys"];

export const listKeysRoute = createRoute({
  method: "get",
  path: "/api/v1/api-keys",
  tags,
  summary: "List the account's API keys of this environment (admin)",
  middleware: consoleRoute("admin"),
  request: { query: z.object(paginationQuery) },
  responses: {
    200: { description: "A page of keys", content: { "application/json": { schema: listSchema(ApiKeySchema, "ApiKeyList") } } },
    ...commonErrors,
  },
});

export const createKeyRoute = createRoute({
  method: "post",
  path: "/api/v1/api-keys",
  tags,
  summary: "Create an API key for this environment (admin); the key is shown once",
  middleware: consoleRoute("admin"),
  request: { body: { required: true, content: { "application/json": { schema: CreateApiKeyBody } } } },
  responses: {
    201: {
      description: "The new key, with `key` shown this once",
      content: { "application/json": { schema: ApiKeySchema.extend({ key: z.string() }).openapi("CreatedApiKey") } },
    },
    ...commonErrors,
  },
});

export const revokeKeyRoute = createRoute({
  method: "post",
  path: "/api/v1/api-keys/{id}/revoke",
  tags,
  summary: "Revoke an API key (admin); takes effect on its next request",
  middleware: consoleRoute("admin"),
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "The revoked key", content: { "application/json": { schema: ApiKeySchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});
