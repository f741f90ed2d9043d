// A rolling (sliding-log) one-minute window, as spec part 8 says: a request counts against the
// limit for exactly 60 s after it was admitted. Fixed windows would let 2x the limit through
// around a boundary, which is why the common fixed-window libraries are not used here.

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

/** In-process sliding log: one ring of admission times per window key. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, number[]>();
  private sweepTimer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Drop idle windows so memory follows active keys, not every key ever seen.
    this.sweepTimer = setInterval(() => this.sweep(), WINDOW_MS);
    this.sweepTimer.unref();
  }

  private prune(log: number[], cutoff: number): void {
    let drop = 0;
    while (drop < log.length && (log[drop] as number) <= cutoff) drop++;
    if (drop > 0) log.splice(0, drop);
  }

  async hit(windows: WindowSpec[]): Promise<HitResult> {
    const now = this.now();
    const cutoff = now - WINDOW_MS;
    const logs = windows.map((w) => {
      let log = this.logs.get(w.key);
      if (!log) {
        log = [];
        this.logs.set(w.key, log);
      }
      this.prune(log, cutoff);
      return log;
    });
    const allowed = windows.every((w, i) => (logs[i] as number[]).length < w.limit);
    if (allowed) for (const log of logs) log.push(now);
    return {
      allowed,
      windows: windows.map((w, i) => {
        const log = logs[i] as number[];
        return {
          limit: w.limit,
          remaining: Math.max(0, w.limit - log.length),
          resetAtMs: (log[0] ?? now) + WINDOW_MS,
        };
      }),
    };
  }

  private sweep(): void {
    const cutoff = this.now() - WINDOW_MS;
    for (const [key, log] of this.logs) {
      this.prune(log, cutoff);
      if (log.length === 0) this.logs.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
  }
}
