import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { assess, type Assessment, type ScoreJob } from "./score-transaction";
import { persistAssessments } from "./persist";

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

  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    /** Batches in flight at once: 1 on the single-connection embedded database. */
    private readonly concurrency = database.kind === "pglite" ? 1 : 2,
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

  private async run(batch: Pending[]): Promise<void> {
    try {
      const results = await assess(this.database.db, batch.map((p) => p.job));
      const ok = results.filter((r): r is Assessment => !(r instanceof Error));
      if (ok.length > 0) await this.database.db.transaction(async (tx) => persistAssessments(tx as never, this.jobs, ok));
      results.forEach((r, i) => (r instanceof Error ? batch[i]!.reject(r) : batch[i]!.resolve(r)));
    } catch (err) {
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
