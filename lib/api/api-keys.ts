import "server-only";

import { type ApiKey, type CreatedApiKey, type ListPage } from "./wire";
import { ApiKeySchema, CreatedApiKeySchema, ApiKeyListSchema } from "./wire-schemas";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { dashboard, type DashboardActor } from "./client";

// Keys belong to one environment: the listener called decides which keys are listed and which
// environment a new key is for (a live key from production, a test key from pre-production).

export async function listApiKeys(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  page: PageParams = {},
): Promise<ListPage<ApiKey>> {
  return dashboard(environment, actor, "/api/v1/api-keys", { query: { limit: page.limit, after: page.after }, schema: ApiKeyListSchema });
}

export async function createApiKey(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  input: { label: string; scopes: string[] },
): Promise<CreatedApiKey> {
  return dashboard(environment, actor, "/api/v1/api-keys", { method: "POST", body: input, schema: CreatedApiKeySchema });
}

export async function revokeApiKey(environment: ConsoleEnvironment, actor: DashboardActor, id: string): Promise<ApiKey> {
  return dashboard(environment, actor, `/api/v1/api-keys/${encodeURIComponent(id)}/revoke`, { method: "POST", schema: ApiKeySchema });
}
