// A rolling (sliding-log) one-minute window (server/README.md, "Rate limits"): a request counts
// against the limit for exactly 60 s after it was admitted. Fixed windows would let 2x the limit
// through around a boundary, which is why the common fixed-window libraries are not used here.

export type WindowSpec = { key: string; limit: number };

export type WindowState = {
  limit: number;
  /** Requests still allowed in this window after this request. */
  remaining: number;
  /** Epoch ms when the oldest counted request leaves the window (a slot frees up). */
  resetAtMs: number;
};

export type HitResult = { allowed: boolean; windows: WindowState[] };

export interface RateLimiter {
  /**
   * Admits one request against every window at once: either all windows count it, or (when any
   * is full) none does and `allowed` is false.
   */
  hit(windows: WindowSpec[]): Promise<HitResult>;
  close(): Promise<void>;
}

export const WINDOW_MS = 60_000;

/**
 * One window's admission times, oldest first. Expired times are dropped by moving `head` (O(1));
 * the array is compacted only once the dropped part is large, because splicing the front of a
 * log of tens of thousands of entries on every request costs ~15 µs each (measured).
 */
type Log = { times: number[]; head: number };

const count = (log: Log) => log.times.length - log.head;

/** In-process sliding log: one log of admission times per window key. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, Log>();
  private sweepTimer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweepTimer = setInterval(() => this.sweep(), WINDOW_MS);
    this.sweepTimer.unref();
  }

  private prune(log: Log, cutoff: number): void {
    const t = log.times;
    while (log.head < t.length && (t[log.head] as number) <= cutoff) log.head++;
    if (log.head > 1024 && log.head * 2 > t.length) {
      log.times = t.slice(log.head);
      log.head = 0;
    }
  }

  async hit(windows: WindowSpec[]): Promise<HitResult> {
    const now = this.now();
    const cutoff = now - WINDOW_MS;
    const logs = windows.map((w) => {
      let log = this.logs.get(w.key);
      if (!log) {
        log = { times: [], head: 0 };
        this.logs.set(w.key, log);
      }
      this.prune(log, cutoff);
      return log;
    });
    const allowed = windows.every((w, i) => count(logs[i] as Log) < w.limit);
    if (allowed) for (const log of logs) log.times.push(now);
    return {
      allowed,
      windows: windows.map((w, i) => {
        const log = logs[i] as Log;
        return {
          limit: w.limit,
          remaining: Math.max(0, w.limit - count(log)),
          resetAtMs: (log.times[log.head] ?? now) + WINDOW_MS,
        };
      }),
    };
  }

  private sweep(): void {
    const cutoff = this.now() - WINDOW_MS;
    for (const [key, log] of this.logs) {
      this.prune(log, cutoff);
      if (count(log) === 0) this.logs.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
  }
}
