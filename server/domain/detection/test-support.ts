import { and, eq, sql } from "drizzle-orm";
import type { Environment } from "../../db/schema";
import { alerts } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { bearer, type TestApi } from "../../test/harness";
import { DemoClient, type ResponseHook } from "../../cli/demo-stream/client";
import { drainInbox } from "./evaluate";
import { DETECTION_JOB, detectionJobKey, enqueueDetection } from "./trigger";

// Shared by the detection tests (not a test file itself).

/**
 * Tells the engine about the row a request wrote, as the score, session and identity paths do
 * once they call enqueueDetection in their own transaction. Until those one-line calls are
 * wired, the tests make the same call right after the response; once they are, this is a no-op
 * (the inbox row is already there: the insert does nothing).
 */
export function announceWrites(api: TestApi, scope: Scope): ResponseHook {
  return async (method, path, res) => {
    if (method !== "POST" || res.status >= 300) return;
    const db = api.deps.database.db;
    const p = path.split("?")[0];
    const [source, id] =
      p === "/v1/transactions/score" || p === "/api/v1/transactions/analyze"
        ? (["transaction", res.body?.transaction_id] as const)
        : p === "/v1/device/session"
          ? (["device_session", res.body?.session_id] as const)
          : p === "/v1/identity/verify"
            ? (["identity_verification", res.body?.verification_id] as const)
            : [null, null];
    if (!source || typeof id !== "string") return;
    await db.transaction((tx) => enqueueDetection(tx as never, api.deps.jobs, scope, source, id));
  };
}

export type Harness = { scope: Scope; key: string; headers: Record<string, string>; client: DemoClient; url: string };

/** An account with an unrestricted key and limits out of the way, and a client on its listener. */
export async function harness(api: TestApi, account: string, env: Environment = "live"): Promise<Harness> {
  const k = await api.key({ account, env });
  await api.limit(account, 1_000_000);
  const scope = { accountId: k.accountId, environment: env };
  return { scope, key: k.key, headers: bearer(k.key), url: api.url[env], client: new DemoClient(api.url[env], k.key, { onResponse: announceWrites(api, scope) }) };
}

/**
 * The bulk form of announceWrites: every live write of the scope not yet announced, oldest first
 * (a no-op once the write paths announce themselves and nothing has been evaluated yet).
 */
export async function announceAll(api: TestApi, scope: Scope): Promise<void> {
  const a = scope.accountId;
  const e = scope.environment;
  await api.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into detection_inbox (account_id, environment, source, row_id)
      select ${a}, ${e}, source, id from (
        select 'transaction' as source, id, created_at from transactions where account_id = ${a} and environment = ${e}
        union all select 'device_session', id, created_at from device_sessions where account_id = ${a} and environment = ${e}
        union all select 'identity_verification', id, created_at from identity_verifications where account_id = ${a} and environment = ${e}
      ) w order by created_at, id
      on conflict do nothing`);
    await api.deps.jobs.enqueue(tx as never, DETECTION_JOB, { ...scope }, { uniqueKey: detectionJobKey(scope) });
  });
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
