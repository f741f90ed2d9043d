import { Redis } from "ioredis";
import { MemoryRateLimiter, WINDOW_MS, type HitResult, type RateLimiter, type WindowSpec } from "./limiter";

// The same sliding log in Redis sorted sets, checked and updated by one Lua script so that every
// API process shares the counters and all windows of a request are admitted atomically. Time
// comes from the Redis server, so clock skew between API hosts cannot widen a window.
const script = `
local window = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = #KEYS
local counts = {}
local allowed = 1
for i = 1, n do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  counts[i] = redis.call('ZCARD', KEYS[i])
  if counts[i] >= tonumber(ARGV[1 + i]) then allowed = 0 end
end
local seq = redis.call('INCR', KEYS[1] .. ':seq')
redis.call('PEXPIRE', KEYS[1] .. ':seq', window)
local out = { allowed, now }
for i = 1, n do
  if allowed == 1 then
    redis.call('ZADD', KEYS[i], now, string.format('%.0f-%d', now, seq))
    redis.call('PEXPIRE', KEYS[i], window)
    counts[i] = counts[i] + 1
  end
  local oldest = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
  out[#out + 1] = counts[i]
  out[#out + 1] = oldest[2] or now
end
return out
`;

/**
 * How long a Redis command may take before the request is admitted by the fallback instead: rate
 * limiting must not become the API's outage. Measured without this: with Redis unreachable every
 * authenticated request failed with 500 after 1.6–15 s (the offline queue and retries).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** After a failed or slow command, Redis is left alone this long (a hung server costs one slow request per pause, not every request). */
export const REDIS_PAUSE_MS = 5_000;

/**
 * `command`, or a rejection once `ms` passed without its reply, judged after the event loop has
 * read what arrived meanwhile (setImmediate runs after the poll phase). A process busy past the
 * deadline (a burst) runs the timer before it reads the socket; ioredis's commandTimeout took that
 * for a slow Redis and counted in memory, so two processes admitted 130 requests of a 100 limit.
 */
export function answerWithin<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`Redis did not answer within ${ms} ms`));
        }),
      ms,
    );
    command.then(
      (value) => {
        clearTimeout(timer);
        if (!settled) resolve(value);
        settled = true;
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(err);
        settled = true;
      },
    );
  });
}

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/**
 * Counters shared by every API process in Redis. While Redis cannot answer (down, unreachable,
 * slower than REDIS_COMMAND_TIMEOUT_MS) requests are counted by an in-process limiter instead, so
 * limits still hold per process and the API keeps answering; the outage and the recovery are
 * logged once each. When Redis is back its windows take over again (requests admitted meanwhile
 * by the fallback are not in them).
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimiter();
  private degraded = false;
  private pausedUntil = 0;
  /** Settles when the first connection is ready (true) or has failed (false). */
  private readonly firstConnection: Promise<boolean>;
  private everReady = false;

  constructor(
    url: string,
    private readonly prefix = "argus:rl:",
    private readonly log?: Log,
  ) {
    this.redis = new Redis(url, {
      // Fail a command at once while disconnected (no queue to wait in). A slow one is given up on
      // by answerWithin; this only ends commands a hung server never answers, so none pile up.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    this.redis.defineCommand("argusHit", { lua: script });
    this.firstConnection = new Promise((resolve) => {
      this.redis.once("ready", () => resolve((this.everReady = true)));
      this.redis.once("error", () => resolve(false));
    });
    // Without a listener ioredis prints every failed reconnection attempt to stderr.
    this.redis.on("error", (err: Error) => this.degrade(err));
    this.redis.on("ready", () => {
      if (!this.degraded) return;
      this.degraded = false;
      this.pausedUntil = 0;
      this.log?.info({}, "rate limits: Redis answers again; counting there");
    });
  }

  private degrade(err: unknown): void {
    this.pausedUntil = Date.now() + REDIS_PAUSE_MS;
    if (this.degraded) return;
    this.degraded = true;
    this.log?.warn({ err }, "rate limits: Redis cannot answer; counting in this process until it does");
  }

  async hit(windows: WindowSpec[]): Promise<HitResult> {
    if (Date.now() < this.pausedUntil) return this.fallback.hit(windows);
    // Right after start-up the first connection is usually a few milliseconds away: wait for it
    // (within the command timeout) rather than count the first requests in the process.
    if (!this.everReady) await Promise.race([this.firstConnection, new Promise((r) => setTimeout(r, REDIS_COMMAND_TIMEOUT_MS).unref())]);
    if (this.redis.status !== "ready") {
      this.degrade(new Error(`Redis connection is ${this.redis.status}`));
      return this.fallback.hit(windows);
    }
    try {
      return await this.hitRedis(windows);
    } catch (err) {
      this.degrade(err);
      return this.fallback.hit(windows);
    }
  }

  private async hitRedis(windows: WindowSpec[]): Promise<HitResult> {
    const keys = windows.map((w) => this.prefix + w.key);
    const args = [WINDOW_MS, ...windows.map((w) => w.limit)];
    const redis = this.redis as unknown as { argusHit: (n: number, ...a: (string | number)[]) => Promise<(number | string)[]> };
    const out = await answerWithin(redis.argusHit(keys.length, ...keys, ...args), REDIS_COMMAND_TIMEOUT_MS);
    const allowed = Number(out[0]) === 1;
    return {
      allowed,
      windows: windows.map((w, i) => {
        const count = Number(out[2 + i * 2]);
        const oldest = Number(out[3 + i * 2]);
        return { limit: w.limit, remaining: Math.max(0, w.limit - count), resetAtMs: oldest + WINDOW_MS };
      }),
    };
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
