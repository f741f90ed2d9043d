import { Redis } from "ioredis";
import { WINDOW_MS, type HitResult, type RateLimiter, type WindowSpec } from "./limiter";

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

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = "argus:rl:") {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    this.redis.defineCommand("argusHit", { lua: script });
  }

  async hit(windows: WindowSpec[]): Promise<HitResult> {
    const keys = windows.map((w) => this.prefix + w.key);
    const args = [WINDOW_MS, ...windows.map((w) => w.limit)];
    const out = (await (this.redis as unknown as { argusHit: (n: number, ...a: (string | number)[]) => Promise<(number | string)[]> }).argusHit(
      keys.length,
      ...keys,
      ...args,
    )) as (number | string)[];
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
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
