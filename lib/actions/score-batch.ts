"use server";

import { ApiError, toSafeError } from "../api/errors";
import { scoreTransaction } from "../api/score";
import {
  BATCH_CONCURRENCY,
  idempotencyKeyFor,
  ScoreBatchChunkSchema,
  type BatchRowOutcome,
  type ScoreBatchChunk,
  type ScoreBatchChunkResult,
} from "../schemas/batch";
import { type ConsoleEnvironment } from "../schemas/environment";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

// Scores one chunk (≤ 100 rows) of a batch file: each row is one POST /v1/transactions/score,
// BATCH_CONCURRENCY at a time, with an Idempotency-Key of the batch id and row number, so a row
// sent twice (a retry, a re-upload) is scored once. Row failures are answers, not action errors:
// the rest of the chunk goes on. A 429 stops the chunk: the unsent rows come back "deferred" with
// the API's Retry-After, and the page sends them again after waiting.
export const scoreBatchAction = authedAction
  .metadata({ actionName: "scoreBatch", minRole: "analyst" })
  .inputSchema(ScoreBatchChunkSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, ...chunk }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return scoreChunk(ctx.environment, chunk);
  });

/** Transient failures worth a second try with the same key (500 and 503, with backoff, as the API's error guide advises). */
const RETRY_DELAYS_MS = [1000, 2000];
const isTransient = (error: unknown) => error instanceof ApiError && [500, 502, 503, 504].includes(error.status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scoreChunk(environment: ConsoleEnvironment, { batchId, rows }: ScoreBatchChunk): Promise<ScoreBatchChunkResult> {
  const outcomes = new Map<number, BatchRowOutcome>();
  let retryAfterSeconds: number | null = null;
  let next = 0;

  async function scoreRow({ row, body }: ScoreBatchChunk["rows"][number]): Promise<BatchRowOutcome | "rate_limited"> {
    const idempotencyKey = idempotencyKeyFor(batchId, row);
    for (let attempt = 0; ; attempt++) {
      try {
        const { transaction_id, risk_score, decision, signals } = await scoreTransaction(environment, body, { idempotencyKey });
        return { row, status: "scored", result: { transaction_id, risk_score, decision, signals } };
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, error.retryAfterSeconds ?? 60);
          return "rate_limited";
        }
        if (isTransient(error) && attempt < RETRY_DELAYS_MS.length) {
          await sleep(RETRY_DELAYS_MS[attempt]!);
          continue;
        }
        if (!(error instanceof ApiError)) console.error("[argus-console] action scoreBatch: row failed:", error);
        return { row, status: "failed", error: toSafeError(error) };
      }
    }
  }

  async function worker() {
    // Once the rate limit is hit, no new row starts: each would only be refused too.
    while (retryAfterSeconds === null && next < rows.length) {
      const item = rows[next++]!;
      const outcome = await scoreRow(item);
      if (outcome !== "rate_limited") outcomes.set(item.row, outcome);
    }
  }
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, rows.length) }, worker));

  return {
    outcomes: rows.map(({ row }) => outcomes.get(row) ?? { row, status: "deferred" as const }),
    retryAfterSeconds,
  };
}
