import type { Database, Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { directRunners, scoringPipeline } from "./pipeline";
import { toScoreInput, type ScoreRequest } from "./request";
import { assess, type Assessment, type IdempotentScore } from "./score-transaction";

// The scoring service both surfaces call: Surface A's score and Surface B's analyze (live and
// labelled). It takes the validated request and returns the assessment; the routes shape answers.

export type ScoringDeps = { database: Database; jobs: JobQueue };

export type LiveScore = {
  scope: Scope;
  request: ScoreRequest;
  /** When the request was received (the transaction's time). */
  at: Date;
  /** `performance.now()` when the request reached its route: `latency_ms` is measured from it. */
  startedAt: number;
  /** Surface B's analysis id, when the score answers an analysis. */
  analysisId?: string;
  /** A claimed idempotency key: its replay record is stored in the batch's commit. */
  idempotency?: IdempotentScore;
};

/** Scores one live request through the process's group-commit pipeline: history, velocity, events. */
export function scoreLive(deps: ScoringDeps, s: LiveScore): Promise<Assessment> {
  const input = toScoreInput(s.scope, s.request, s.at);
  return scoringPipeline(deps.database, deps.jobs).submit({
    input,
    startedAt: s.startedAt,
    live: true,
    ...(s.analysisId !== undefined ? { analysisId: s.analysisId } : {}),
    ...(s.idempotency !== undefined ? { idempotency: s.idempotency } : {}),
  });
}

/** Labelled mode: the same features and model, and nothing written (run in the request's transaction for its replay record). */
export async function scoreLabelled(deps: ScoringDeps, db: Db, s: Omit<LiveScore, "analysisId" | "idempotency">): Promise<Assessment> {
  const job = { input: toScoreInput(s.scope, s.request, s.at), startedAt: s.startedAt, live: false };
  const [a] = await assess(db, [job], directRunners(deps.database, deps.jobs).features);
  if (a instanceof Error) throw a;
  return a as Assessment;
}
