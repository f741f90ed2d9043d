import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * `last_used_at` and `request_count` are dashboard statistics: writing them on every request
 * would double the write load of the hot path, so they are summed in memory and flushed once a
 * second (and at shutdown). A crash loses at most a second of counts, never a request.
 */
export class KeyUsageRecorder {
  private pending = new Map<string, { count: number; last: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  record(keyId: string, at = Date.now(), count = 1): void {
    const cur = this.pending.get(keyId);
    if (cur) {
      cur.count += count;
      cur.last = Math.max(cur.last, at);
    } else this.pending.set(keyId, { count, last: at });
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.entries()];
      this.pending = new Map();
      const values = sql.join(
        batch.map(([id, u]) => sql`(${id}, ${u.count}::bigint, ${new Date(u.last).toISOString()}::timestamptz)`),
        sql`, `,
      );
      try {
        await this.db.execute(sql`
          update api_keys k set request_count = k.request_count + v.n,
            last_used_at = greatest(coalesce(k.last_used_at, v.at), v.at)
          from (values ${values}) as v(id, n, at) where k.id = v.id`);
      } catch {
        // Put the counts back; the next flush retries them.
        for (const [id, u] of batch) this.record(id, u.last, u.count);
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
