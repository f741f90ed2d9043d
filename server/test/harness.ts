import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { SignJWT } from "jose";
import { loadEnv } from "../config/env";
import { buildDeps, closeDeps } from "../deps";
import { createApp, type AppOptions } from "../app";
import type { AppDeps } from "../http/context";
import type { Environment } from "../db/schema";
import { subscribeEndpoint } from "./webhook-endpoints";
import { ensureAccount, setAccountRateLimit } from "../domain/accounts/accounts";
import { createKey } from "../domain/keys/keys";
import { createAnalyst } from "../domain/analysts/analysts";
import { startSession } from "../domain/analysts/sessions";
import { analysts } from "../db/schema";
import { eq } from "drizzle-orm";
import { CONSOLE_AUDIENCE, CONSOLE_ISSUER } from "../http/console-auth";
import { RedisRateLimiter } from "../http/rate-limit/redis-limiter";
import { freshDatabase } from "./database";

export type TestApi = {
  deps: AppDeps;
  /** Base URL of the production (live) and pre-production (test) listeners. */
  url: Record<Environment, string>;
  /** Creates a key through the domain, as the keys CLI does. */
  key: (opts?: {
    account?: string;
    env?: Environment;
    scopes?: string[];
    label?: string;
  }) => Promise<{ id: string; key: string; accountId: string }>;
  analyst: (opts: {
    account?: string;
    role: "analyst" | "lead" | "admin";
    email?: string;
    password?: string;
  }) => Promise<{ id: string; accountId: string; email: string }>;
  /**
   * A console JWT for an analyst id (with a new session of theirs, or `sessionId`), or for the
   * console itself serving `account` (default acme) or `accountId`.
   */
  consoleToken: (
    sub: string,
    opts?: { expiresIn?: string; secret?: Uint8Array; account?: string; accountId?: string; sessionId?: string },
  ) => Promise<string>;
  limit: (account: string, perMinute: number | null) => Promise<void>;
  /**
   * Registers an enabled webhook endpoint for an account (by id) and environment, as POST
   * /v1/webhooks would: webhook events are written only where an endpoint subscribes.
   */
  subscribe: (accountId: string, opts?: { env?: Environment; events?: string[]; status?: "enabled" | "disabled" }) => Promise<string>;
  close: () => Promise<void>;
};

let counter = 0;

/** A real API: both listeners on ephemeral ports over a fresh database, as `npm run api` runs it. */
export async function startTestApi(opts: AppOptions & { redis?: boolean; env?: Record<string, string> } = {}): Promise<TestApi> {
  const config = loadEnv({ ARGUS_LOG_LEVEL: "silent", ARGUS_DATA_DIR: ".data-test", ...opts.env });
  const database = await freshDatabase();
  const deps = await buildDeps(config, { database });
  if (opts.redis) {
    await deps.limiter.close();
    deps.limiter = new RedisRateLimiter(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", `argus:test:${process.pid}:${Date.now()}:`);
  }
  const servers: ServerType[] = [];
  const listen = (environment: Environment) =>
    new Promise<string>((resolve) => {
      const server = serve({ fetch: createApp(deps, environment, opts).fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
      servers.push(server);
    });
  const url = { live: await listen("live"), test: await listen("test") };
  const db = deps.database.db;

  return {
    deps,
    url,
    key: async (o = {}) => {
      const account = await ensureAccount(db, o.account ?? "acme");
      const { row, key } = await createKey(db, {
        accountId: account.id,
        environment: o.env ?? "live",
        label: o.label ?? "test key",
        scopes: o.scopes ?? [],
      });
      return { id: row.id, key, accountId: account.id };
    },
    analyst: async (o) => {
      const account = await ensureAccount(db, o.account ?? "acme");
      const row = await createAnalyst(db, {
        accountId: account.id,
        email: o.email ?? `analyst${++counter}-${Date.now()}@example.com`,
        role: o.role,
        password: o.password ?? "correct horse battery",
      });
      return { id: row.id, accountId: row.accountId, email: row.email };
    },
    consoleToken: async (sub, o = {}) => {
      // As the console does: its own token names the account it serves; an analyst's names their
      // session, which signing in starts (here started directly for the analyst).
      let claims: Record<string, string>;
      if (sub === "console") {
        claims = { account_id: o.accountId ?? (await ensureAccount(db, o.account ?? "acme")).id };
      } else {
        const [analyst] = await db.select().from(analysts).where(eq(analysts.id, sub));
        if (!analyst) throw new Error(`consoleToken: no analyst ${sub}`);
        claims = { account_id: o.accountId ?? analyst.accountId, sid: o.sessionId ?? (await startSession(db, analyst, "password")).id };
      }
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(sub)
        .setIssuer(CONSOLE_ISSUER)
        .setAudience(CONSOLE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(o.expiresIn ?? "5m")
        .sign(o.secret ?? deps.consoleSecret);
    },
    limit: async (account, perMinute) => {
      const acct = await ensureAccount(db, account);
      await setAccountRateLimit(db, acct.id, perMinute);
    },
    subscribe: (accountId, { env = "live", ...o } = {}) => subscribeEndpoint(db, { accountId, environment: env }, o),
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
      await closeDeps(deps);
    },
  };
}

/** fetch + JSON, keeping status, headers and the body's exact text: the shape every HTTP test reads. */
export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; raw?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(url, { method: init.method ?? (body !== undefined ? "POST" : "GET"), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
