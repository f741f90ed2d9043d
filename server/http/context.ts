import type { Logger } from "pino";
import type { Database, Db } from "../db/client";
import type { Environment } from "../db/schema";
import type { KeyPrincipal } from "../core/principal";
import type { Env } from "../config/env";
import type { RateLimiter } from "./rate-limit/limiter";
import type { KeyUsageRecorder } from "../domain/keys/usage";
import type { KeyCache } from "../domain/keys/key-cache";
import type { Metrics } from "./metrics";
import type { JobQueue } from "../jobs/queue";
import type { WatchlistProvider } from "../domain/screening/provider";
import type { AnalystRow, SessionRow } from "../domain/analysts/serialize";

/** Long-lived services, built once at boot and shared by both listeners. */
export type AppDeps = {
  database: Database;
  config: Env;
  logger: Logger;
  limiter: RateLimiter;
  keyUsage: KeyUsageRecorder;
  /** Recently used keys (see key-cache.ts); `stop` ends its subscription before the database closes. */
  keys: { cache: KeyCache; stop: () => Promise<void> };
  metrics: Metrics;
  jobs: JobQueue;
  /** HS256 secret for console JWTs (dashboard routes). */
  consoleSecret: Uint8Array;
  /** Key of the HMACs that index identity data (document numbers, phones, addresses). */
  piiSecret: string;
  watchlists: WatchlistProvider;
};

export type AnalystPrincipal = {
  /** `console` for the console's own service token (sign-in), else the analyst id. */
  analystId: string;
  /** The account the console serves; an analyst's token is accepted only for their own account. */
  accountId: string;
  role: "analyst" | "lead" | "admin" | "console";
  /** The analyst's live console session as checked for this request (null for the console's own token). */
  session: { row: SessionRow; analyst: AnalystRow } | null;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    deps: AppDeps;
    /** The listener's environment: the host selects it (server/README.md, "How a request runs"). */
    environment: Environment;
    surface: "a" | "b" | "none";
    /** The database handle for this request: a transaction when idempotency wraps the handler. */
    db: Db;
    key?: KeyPrincipal;
    analyst?: AnalystPrincipal;
    log: Logger;
  };
};
