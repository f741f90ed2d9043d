import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { connectionErrorReason, isConnectionError } from "../db/errors";
import { jobs } from "../db/schema";
import type { JobQueue } from "./queue";

export type JobRow = typeof jobs.$inferSelect;
export type JobContext = { db: Db; log: Logger; queue: JobQueue; job: JobRow };

export type JobHandler = {
  run: (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;
  /** Delay before retry n (1-based); default exponential from 1 s, capped at 1 h. */
  retryDelayMs?: (attempt: number) => number;
  /** Periodic jobs are re-queued after each run instead of finishing. */
  everyMs?: number;
  /** Clear the payload once the job succeeded (it carried personal data only the job needed). */
  scrubPayload?: boolean;
  /**
   * Coalescing job: enqueued with a `uniqueKey`, so many triggers make one queued job. The key is
   * released when the job starts, so a trigger that arrives while it runs queues the next one.
   */
  coalesce?: boolean;
};

/**
 * A claim is a lease, renewed every third of it while the job runs: a runner that dies lets its
 * jobs be retried by another within LEASE_MS, and a long job (a large purge) is not taken over
 * while its runner is alive. A job still running after MAX_HOLD_MS stops renewing (a hung job must
 * not hold its work forever).
 */
const LEASE_MS = 30_000;
const MAX_HOLD_MS = 30 * 60_000;
export const defaultRetryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED, so any number of runners (in the API process or in
 * `npm run worker` processes) share one queue without running a job twice at once. A claim is a
 * lease: if the runner dies mid-job, the lease lapses and another runner retries the job.
 */
export class JobRunner {
  private readonly id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;
  /**
   * After a wake-up, empty polls back off from 10 ms up to the poll interval (0 = idle: poll at the
   * interval): a wake-up may come before the enqueuing transaction commits, but a handful of polls
   * find it, not one every few milliseconds for as long as writes keep coming.
   */
  private backoffMs = 0;
  /** A timer for the earliest job queued to run later (a delayed wake-up), and when it fires. */
  private dueTimer: ReturnType<typeof setTimeout> | undefined;
  private dueAt = Infinity;
  /** Set by a wake-up; cleared when a tick starts. */
  private woken = false;
  /** The database was unreachable at the last tick (an outage is logged once, and its end). */
  private unreachable = false;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: Logger,
    private readonly opts: { pollMs?: number; batch?: number; leaseMs?: number } = {},
  ) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.queuePeriodic();
    this.unsubscribe = this.queue.onWake((delayMs) => (delayMs > 0 ? this.wakeAt(Date.now() + delayMs) : this.wakeNow(true)));
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      this.woken = false;
      try {
        claimed = await this.tick();
        if (this.unreachable) this.log.info("job runner: the database is reachable again");
        this.unreachable = false;
      } catch (err) {
        if (!isConnectionError(err)) this.log.error({ err }, "job runner tick failed");
        else if (!this.unreachable)
          this.log.warn({ reason: connectionErrorReason(err) }, "job runner: the database is unreachable; polling until it is back");
        this.unreachable ||= isConnectionError(err);
      }
      // A wake-up that came while this tick ran: look again at once.
      if (claimed === 0 && this.running && !this.woken) {
        const poll = this.opts.pollMs ?? 250;
        const wait = this.backoffMs > 0 ? Math.min(this.backoffMs, poll) : poll;
        this.backoffMs = this.backoffMs > 0 && this.backoffMs * 2 < poll ? this.backoffMs * 2 : 0;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, wait);
          this.wakeUp = () => {
            clearTimeout(t);
            resolve();
          };
        });
        this.wakeUp = undefined;
      }
    }
  }

  /** `backoff`: the work may not be committed yet (the enqueuing transaction is still open). */
  private wakeNow(backoff: boolean): void {
    if (backoff) this.backoffMs = 10;
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Wakes when a job queued to run later is due (a few ms after, so `run_at <= now()` holds). By
   * then its transaction has committed, so no fast polls follow; the regular poll is the safety net.
   */
  private wakeAt(at: number): void {
    if (!this.running || at >= this.dueAt) return;
    clearTimeout(this.dueTimer);
    this.dueAt = at;
    this.dueTimer = setTimeout(
      () => {
        this.dueAt = Infinity;
        this.wakeNow(false);
      },
      at - Date.now() + 5,
    );
    this.dueTimer.unref?.();
  }

  /** Periodic jobs exist once per database: the unique key makes concurrent runners agree. */
  async queuePeriodic(): Promise<void> {
    for (const [type, h] of Object.entries(this.handlers)) {
      if (h.everyMs) await this.queue.enqueue(this.db, type, {}, { uniqueKey: `periodic:${type}`, maxAttempts: 1_000_000 });
    }
  }

  /**
   * Runs due jobs until none is left (or `maxTicks` batches), without the polling loop: the demo
   * history drives the queue this way, so work is done at the (shifted) time it was queued for.
   */
  async drain(maxTicks = 1000): Promise<number> {
    let done = 0;
    for (let i = 0; i < maxTicks; i++) {
      const claimed = await this.tick();
      if (claimed === 0) break;
      done += claimed;
    }
    return done;
  }

  /** Claims and runs one batch of due jobs; returns how many were claimed. */
  async tick(): Promise<number> {
    const types = Object.keys(this.handlers);
    if (types.length === 0) return 0;
    const coalescing = types.filter((t) => this.handlers[t]?.coalesce);
    const releaseKey = coalescing.length
      ? sql`case when type in (${sql.join(
          coalescing.map((t) => sql`${t}`),
          sql`, `,
        )}) then null else unique_key end`
      : sql`unique_key`;
    const result = (await this.db.execute(sql`
      update jobs set state = 'running', attempts = attempts + 1, locked_by = ${this.id},
        lease_until = now() + ${`${this.leaseMs} milliseconds`}::interval, unique_key = ${releaseKey}
      where id in (
        select id from jobs
        where type in (${sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        )})
          and ((state = 'queued' and run_at <= now()) or (state = 'running' and lease_until < now()))
        order by run_at, id
        limit ${this.opts.batch ?? 10}
        for update skip locked)
      returning *`)) as unknown as { rows: Record<string, unknown>[] };
    const rows = result.rows.map(toJobRow);
    await Promise.all(rows.map((job) => this.execute(job)));
    return rows.length;
  }

  private get leaseMs(): number {
    return this.opts.leaseMs ?? LEASE_MS;
  }

  /** Keeps renewing this runner's lease on `job` until the returned function is called. */
  private holdLease(job: JobRow, log: Logger): () => void {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > MAX_HOLD_MS) return clearInterval(timer);
      this.db
        .update(jobs)
        .set({ leaseUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id), eq(jobs.state, "running")))
        .catch((err: unknown) => log.warn({ err }, "job lease renewal failed"));
    }, this.leaseMs / 3);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers[job.type];
    if (!handler) return;
    const log = this.log.child({ job_id: job.id, job_type: job.type, attempt: job.attempts });
    const release = this.holdLease(job, log);
    try {
      await handler.run(job.payload, { db: this.db, log, queue: this.queue, job });
      if (handler.everyMs) {
        await this.db
          .update(jobs)
          .set({
            state: "queued",
            attempts: 0,
            runAt: new Date(Date.now() + handler.everyMs),
            lockedBy: null,
            leaseUntil: null,
            lastError: null,
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)));
      } else {
        await this.db
          .update(jobs)
          .set({
            state: "done",
            finishedAt: sql`now()`,
            lockedBy: null,
            leaseUntil: null,
            ...(handler.scrubPayload ? { payload: {} } : {}),
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)));
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      const delay = (handler.retryDelayMs ?? defaultRetryDelay)(job.attempts);
      log[final ? "error" : "warn"]({ err }, final ? "job failed permanently" : "job failed; will retry");
      await this.db
        .update(jobs)
        .set(
          final
            ? { state: "failed", lastError: message, finishedAt: sql`now()`, lockedBy: null, leaseUntil: null }
            : { state: "queued", lastError: message, runAt: new Date(Date.now() + delay), lockedBy: null, leaseUntil: null },
        )
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)));
    } finally {
      release();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.dueTimer);
    this.dueAt = Infinity;
    this.unsubscribe?.();
    this.wakeUp?.();
    await this.loop;
  }
}

/**
 * The embedded database has one job runner: the process that holds its data folder (the folder's
 * lock keeps every other process out). So at start-up a job still `running` was claimed by an
 * earlier process that died mid-job (a crash, a kill, a power cut), and its lease would hold it up
 * to LEASE_MS: a detection run, an identity check or a webhook delivery that much late, past the
 * 2-second bound on alerts. This makes such jobs due at once; the claim still counts as an attempt,
 * so a job that keeps killing its process still ends `failed`. Not for PostgreSQL, where the other
 * runners (workers, other API processes) may be alive. Returns how many were released.
 */
export async function releaseDeadRunnersJobs(db: Db): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ leaseUntil: sql`'-infinity'::timestamptz` })
    .where(eq(jobs.state, "running"))
    .returning({ id: jobs.id });
  return released.length;
}

function toJobRow(r: Record<string, unknown>): JobRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(r.id),
    type: String(r.type),
    payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    state: r.state as JobRow["state"],
    runAt: date(r.run_at) as Date,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    leaseUntil: date(r.lease_until),
    lockedBy: (r.locked_by as string | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    uniqueKey: (r.unique_key as string | null) ?? null,
    createdAt: date(r.created_at) as Date,
    finishedAt: date(r.finished_at),
  };
}
