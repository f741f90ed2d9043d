import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Db } from "../../db/client";
import * as schema from "../../db/schema";
import { TRANSACTIONS_ANALYZE_TARGET } from "../../db/analyze";
import type { JobQueue } from "../../jobs/queue";
import { newId } from "../../core/ids";
import { DETECTION_DELAY_MS } from "../detection";
import { assess, type Assessment, type EarlierBatch, type ScoreJob } from "./score-transaction";
import { borrow, featuresStatement, onConnection, writeStatement } from "./prepared";
import { featureArgs, runInline, type FeatureRunner } from "./features";
import { persistAssessments, writeArgs, writeInline, type StoredResponse, type WriteRunner } from "./persist";

/** `alone`: scored again in a batch of its own, after a batch it was part of failed. */
type Pending = { job: ScoreJob; resolve: (a: Assessment) => void; reject: (e: unknown) => void; alone?: boolean };
/** A batch between its start and its commit, as later batches see it. */
type InFlight = EarlierBatch;

export const MAX_BATCH = 128;

/**
 * Group commit for live scores. Requests that arrive while batches are
 * being scored wait and form the next batch: one features statement and one write statement
 * serve them all. At low load a batch is a single request started on the next tick, so nothing
 * waits; under load the database does a fraction of the work. Every request is answered only after
 * its batch committed, so an acknowledged score is durable. A request with an idempotency key joins
 * too, once it has claimed its key: the batch's write statement stores its response under the key
 * (see persist.ts), so the assessment and its replayable response commit together.
 *
 * Velocity stays exact within the process under any concurrency: every request counts every request
 * that started before it — committed ones through the database, the earlier requests of its own
 * batch and of batches still in flight as "batch-mates". Which in-flight batches the features
 * statement already sees is decided inside that same statement (by their transaction ids, known
 * from submission), so nothing is counted twice or missed.
 */
export class ScoringPipeline {
  private queue: Pending[] = [];
  private running = 0;
  private scheduled = false;
  private readonly inFlight: InFlight[] = [];
  readonly features = featuresStatement();
  readonly write = writeStatement();
  private readonly sessions = new WeakMap<pg.PoolClient, Db>();

  /** Live scores this process wrote, and the count at which it next refreshes the statistics. */
  private written = 0;
  private nextAnalyze = 0;
  private warming = false;
  /** When the last batch began (for the detection delay). */
  private lastBatchAt = 0;

  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    /**
     * Batches in flight at once: fewer batches make larger ones, so fewer statements per score.
     * Two connections on PostgreSQL (with four, every statement's loopback write cost the API's
     * thread more than the scores in it); one on the embedded database, whose one session runs
     * every statement in turn. Measurements: server/bench/README.md.
     */
    private readonly concurrency = database.kind === "pglite" ? 1 : 2,
  ) {}

  submit(job: ScoreJob): Promise<Assessment> {
    // The id is known from the start: it is how later batches recognise this one once committed.
    job.id ??= newId("txn");
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
      const batch = this.queue[0]!.alone ? this.queue.splice(0, 1) : this.queue.splice(0, MAX_BATCH);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** The session a batch runs in: the embedded database itself, or a pool connection of its own. */
  private async session(): Promise<{ db: Db; key: object; release: (err?: unknown) => void }> {
    const pool = this.database.pool;
    if (this.database.kind !== "postgres" || !pool) return { db: this.database.db, key: this.database.db, release: () => {} };
    const conn = await pool.connect();
    let db = this.sessions.get(conn);
    if (!db) this.sessions.set(conn, (db = drizzle(conn, { schema }) as unknown as Db));
    // A failed batch may have broken the connection: destroy it rather than reuse it.
    return { db, key: conn, release: (err) => conn.release(err instanceof Error ? err : undefined) };
  }

  private async run(batch: Pending[]): Promise<void> {
    // Busy (another batch began within the delay): let detection gather a burst; after a quiet
    // spell evaluate at once, so an alert on sparse traffic is not held back.
    const started = Date.now();
    const detectionDelay = started - this.lastBatchAt < DETECTION_DELAY_MS ? DETECTION_DELAY_MS : 0;
    this.lastBatchAt = started;
    const jobs = batch.map((p) => p.job);
    const earlier = [...this.inFlight];
    const me: InFlight = { jobs };
    this.inFlight.push(me);
    let session: Awaited<ReturnType<ScoringPipeline["session"]>> | undefined;
    try {
      session = await this.session();
      const key = session.key;
      const results = await assess(session.db, jobs, (db, args) => this.features.run(db, args, key), earlier);
      const ok = results.filter((r): r is Assessment => !(r instanceof Error));
      const responses = storedResponses(jobs, results);
      await persistAssessments(session.db, this.jobs, ok, (db, args) => this.write.run(db, args, key), responses, detectionDelay);
      this.inFlight.splice(this.inFlight.indexOf(me), 1);
      results.forEach((r, i) => (r instanceof Error ? batch[i]!.reject(r) : batch[i]!.resolve(r)));
      this.written += ok.length;
      // After answering: the statistics refresh delays the next batch, not this one.
      if (this.written >= this.nextAnalyze) await this.analyze(session.db).catch(() => undefined);
      session.release();
    } catch (err) {
      const at = this.inFlight.indexOf(me);
      if (at >= 0) this.inFlight.splice(at, 1);
      session?.release(err ?? new Error("batch failed"));
      if (batch.length === 1) return batch[0]!.reject(err);
      // One request's failure must not fail the others it was batched with (a value the database
      // refused, a bug on an unusual input): nothing of the batch was written (its write is one
      // statement), so each is scored again from the start in a batch of its own, ahead of the
      // requests that came later. Only the request that fails alone gets the error.
      this.queue.unshift(...batch.map((p) => ({ ...p, alone: true })));
    }
  }

  /**
   * The features statement is planned once (generic plan), from the statistics of that moment: a
   * plan made on an empty table scans sequentially, and the embedded database has no autovacuum to
   * refresh statistics. So the pipeline analyzes the tables it reads at its first batch and each
   * time the scores it wrote have doubled (64, 128, 256 …): a logarithmic number of cheap
   * sampled ANALYZEs, each of which also makes PostgreSQL re-plan the prepared statement.
   */
  private async analyze(db: Db): Promise<void> {
    this.nextAnalyze = Math.max(64, this.written * 2);
    await db.execute(sql.raw(`analyze ${TRANSACTIONS_ANALYZE_TARGET}, device_sessions, blocklist_entries`));
  }

  /**
   * Embedded database: prepare the statements in its session soon, so requests scored in their own
   * transaction (labelled analyses) can use them too. Not awaited: the caller holds a transaction,
   * and the single session runs this after it.
   */
  warm(): void {
    if (this.warming || this.database.kind !== "pglite" || this.write.isReady(this.database.db)) return;
    this.warming = true;
    const db = this.database.db;
    void this.features
      .run(db, featureArgs([], []))
      .then(() => this.write.run(db, writeArgs([]).args))
      .catch(() => undefined)
      .finally(() => (this.warming = false));
  }
}

/** The responses to store under the batch's idempotency keys (requests that were scored). */
function storedResponses(jobs: ScoreJob[], results: (Assessment | Error)[]): StoredResponse[] {
  const out: StoredResponse[] = [];
  results.forEach((a, i) => {
    const idem = jobs[i]?.idempotency;
    if (!idem || a instanceof Error) return;
    idem.stored = idem.respond(a);
    out.push({ ...idem.ref, ...idem.stored });
  });
  return out;
}

const pipelines = new WeakMap<Database, ScoringPipeline>();

/** The process's pipeline for a database. */
export function scoringPipeline(database: Database, jobs: JobQueue): ScoringPipeline {
  let p = pipelines.get(database);
  if (!p) pipelines.set(database, (p = new ScoringPipeline(database, jobs)));
  return p;
}

/**
 * The statements for scoring inside a request's own transaction (a labelled analysis, which
 * stores only its replay record): on the embedded database, the pipeline's prepared statements once it has prepared them
 * in the single session; on PostgreSQL, the same statements prepared on the transaction's connection.
 */
export function directRunners(database: Database, jobs: JobQueue): { features: FeatureRunner; write: WriteRunner } {
  const p = scoringPipeline(database, jobs);
  if (database.kind !== "pglite")
    return { features: onConnection(p.features, runInline) as FeatureRunner, write: onConnection(p.write, writeInline) };
  p.warm();
  return {
    features: borrow(p.features, database.db, runInline) as FeatureRunner,
    write: borrow(p.write, database.db, writeInline),
  };
}
