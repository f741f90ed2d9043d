import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Db } from "../../db/client";
import * as schema from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { assess, type Assessment, type ScoreJob } from "./score-transaction";
import { persistAssessments } from "./persist";
import { preparedFeatures, preparedWrite } from "./prepared";

type Pending = { job: ScoreJob; resolve: (a: Assessment) => void; reject: (e: unknown) => void };

export const MAX_BATCH = 128;

/**
 * Group commit for live scores without an idempotency key. Requests that arrive while a batch is
 * being scored wait and form the next batch: one features statement and one write transaction
 * serve them all. At low load a batch is a single request started on the next tick, so nothing
 * waits; under load the database does a fraction of the statements. Every request is answered
 * only after its batch committed, so an acknowledged score is durable.
 */
export class ScoringPipeline {
  private queue: Pending[] = [];
  private running = 0;
  private scheduled = false;
  private readonly features = preparedFeatures();
  private readonly write = preparedWrite();
  /** PostgreSQL: the connection the pipeline holds while it has work (its statement is prepared there). */
  private client: { conn: pg.PoolClient; db: Db } | undefined;
  private readonly sessions = new WeakMap<pg.PoolClient, Db>();
  /** Live scores this process wrote, and the count at which it next refreshes the statistics. */
  private written = 0;
  private nextAnalyze = 0;

  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    /**
     * Batches in flight at once. One: each batch then sees every earlier one committed, so
     * velocity counts within a process are exact under any concurrency (a bigger next batch
     * absorbs the load instead).
     */
    private readonly concurrency = 1,
  ) {}

  submit(job: ScoreJob): Promise<Assessment> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.scheduled && this.running < this.concurrency) {
        this.scheduled = true;
        // Let the requests parsed in this turn of the event loop join the batch.
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** The session batches run in: the embedded database itself, or a dedicated pool connection. */
  private async session(): Promise<Db> {
    const pool = this.database.pool;
    if (this.database.kind !== "postgres" || !pool) return this.database.db;
    if (!this.client) {
      const conn = await pool.connect();
      let db = this.sessions.get(conn);
      if (!db) this.sessions.set(conn, (db = drizzle(conn, { schema }) as unknown as Db));
      this.client = { conn, db };
    }
    return this.client.db;
  }

  /**
   * The features statement is planned once (generic plan), from the statistics of that moment: a
   * plan made on an empty table scans sequentially, and the embedded database has no autovacuum to
   * refresh statistics. So the pipeline analyzes the tables it reads at its first batch and each
   * time the scores it wrote have doubled (1,000, 2,000, 4,000 …): a logarithmic number of cheap
   * sampled ANALYZEs, each of which also makes PostgreSQL re-plan the prepared statement.
   */
  private async analyze(db: Db): Promise<void> {
    this.nextAnalyze = Math.max(1000, this.written * 2);
    await db.execute(sql`analyze transactions, device_sessions, blocklist_entries`);
  }

  /** Gives the connection back to the pool when idle, so shutdown and other requests never wait on it. */
  private release(err?: unknown): void {
    if (!this.client) return;
    this.client.conn.release(err instanceof Error ? err : undefined);
    this.client = undefined;
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const db = await this.session();
      const t0 = performance.now();
      const results = await assess(db, batch.map((p) => p.job), this.features);
      const t1 = performance.now();
      const ok = results.filter((r): r is Assessment => !(r instanceof Error));
      await persistAssessments(db, this.jobs, ok, this.write);
      if (process.env.PIPE_DEBUG) process.stderr.write(`batch ${batch.length} assess ${(t1 - t0).toFixed(1)} persist ${(performance.now() - t1).toFixed(1)}\n`);
      this.written += ok.length;
      if (this.written >= this.nextAnalyze) await this.analyze(db);
      if (this.queue.length === 0) this.release();
      results.forEach((r, i) => (r instanceof Error ? batch[i]!.reject(r) : batch[i]!.resolve(r)));
    } catch (err) {
      // The connection may be broken: destroy it; the next batch takes a fresh one.
      this.release(err ?? new Error("batch failed"));
      for (const p of batch) p.reject(err);
    }
  }
}

const pipelines = new WeakMap<Database, ScoringPipeline>();

/** The process's pipeline for a database. */
export function scoringPipeline(database: Database, jobs: JobQueue): ScoringPipeline {
  let p = pipelines.get(database);
  if (!p) pipelines.set(database, (p = new ScoringPipeline(database, jobs)));
  return p;
}
