import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Env } from "./config/env";
import { openDatabase, type Database, type Db } from "./db/client";
import { instanceSettings } from "./db/schema";
import type { AppDeps } from "./http/context";
import { createLogger } from "./http/logger";
import { Metrics } from "./http/metrics";
import { MemoryRateLimiter, type RateLimiter } from "./http/rate-limit/limiter";
import { RedisRateLimiter } from "./http/rate-limit/redis-limiter";
import { KeyUsageRecorder } from "./domain/keys/usage";
import { startKeyCache } from "./domain/keys/key-cache";
import { JobQueue } from "./jobs/queue";
import { configuredSources, WatchlistProvider } from "./domain/screening/provider";

/**
 * A secret shared by every API process on one database: generated once, kept in
 * instance_settings (the first process to start wins the insert).
 */
export async function instanceSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(instanceSettings)
    .values({ key: name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, name));
  if (!row) throw new Error(`instance secret ${name} missing`);
  return row.value;
}

/** The console secret: ARGUS_CONSOLE_SECRET if set, else the instance's generated one. */
export async function consoleSecret(db: Db, fromEnv?: string): Promise<string> {
  return fromEnv ?? instanceSecret(db, "console_secret");
}

export function createLimiter(redisUrl?: string, logger?: Logger): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, undefined, logger) : new MemoryRateLimiter();
}

/** Builds every long-lived service of an API process. `database` may be injected (tests). */
export async function buildDeps(config: Env, opts: { database?: Database; defaultMetrics?: boolean } = {}): Promise<AppDeps> {
  const logger = createLogger(config.ARGUS_LOG_LEVEL);
  const startup = { timeoutMs: config.DATABASE_STARTUP_TIMEOUT_S * 1000, log: (line: string) => logger.warn(line) };
  const database =
    opts.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE, startup }));
  const secret = await consoleSecret(database.db, config.ARGUS_CONSOLE_SECRET);
  const keyUsage = new KeyUsageRecorder(database.db);
  keyUsage.start();
  const keys = await startKeyCache(database, (err) => logger.warn({ err }, "key cache disabled: cannot listen for key changes"));
  const metrics = new Metrics({ defaultMetrics: opts.defaultMetrics });
  metrics.trackListening(() => keys.cache.isLive);
  return {
    database,
    config,
    logger,
    keys,
    limiter: createLimiter(config.REDIS_URL, logger),
    keyUsage,
    metrics,
    jobs: new JobQueue(),
    consoleSecret: new TextEncoder().encode(secret),
    piiSecret: await instanceSecret(database.db, "pii_hmac_key"),
    watchlists: new WatchlistProvider(configuredSources(config)),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.keyUsage.stop();
  await deps.keys.stop();
  await deps.limiter.close();
  await deps.database.close();
}
