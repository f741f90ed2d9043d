import { and, eq } from "drizzle-orm";
import type { Environment } from "../db/schema";
import { alerts } from "../db/schema";
import type { Scope } from "../db/scope";
import { bearer, type TestApi } from "./harness";
import { DemoClient } from "../cli/demo-stream/client";
import { drainInbox } from "../domain/detection/evaluate";

// Shared by the detection tests (not a test file itself).

export type Harness = { scope: Scope; key: string; headers: Record<string, string>; client: DemoClient; url: string };

/** An account with an unrestricted key and limits out of the way, and a client on its listener. */
export async function harness(api: TestApi, account: string, env: Environment = "live"): Promise<Harness> {
  const k = await api.key({ account, env });
  await api.limit(account, 1_000_000);
  const scope = { accountId: k.accountId, environment: env };
  return { scope, key: k.key, headers: bearer(k.key), url: api.url[env], client: new DemoClient(api.url[env], k.key) };
}

/** Evaluates everything pending for the scope (what the job does), without a job runner. */
export async function settle(api: TestApi, scope: Scope): Promise<void> {
  await drainInbox(api.deps.database.db, api.deps.jobs, scope);
}

export async function alertRows(api: TestApi, scope: Scope) {
  return api.deps.database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.accountId, scope.accountId), eq(alerts.environment, scope.environment)))
    .orderBy(alerts.createdAt);
}
