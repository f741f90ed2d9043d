import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import type { AppEnv } from "../../../http/context";
import { keyScope } from "../../../http/key-scope";
import { notFound } from "../../../core/errors";
import { idempotent } from "../../../http/idempotency/idempotent";
import { toScoreInput } from "../../../domain/scoring/request";
import { type Assessment, type IdempotentScore, type ScoreJob } from "../../../domain/scoring/score-transaction";
import { scoringPipeline } from "../../../domain/scoring/pipeline";
import { scoreResponse } from "../../../domain/scoring/serialize";
import { getAssessment } from "../../../domain/scoring/query";
import { verifyPayment } from "../../../domain/payments/verify";
import type { ScoreBodyType } from "./score-schema";
import { getTransactionRoute, scoreRoute, startedAt, verifyRoute } from "./routes";

/**
 * Scores one live request through the process's group-commit pipeline (with a claimed idempotency
 * key in `extra.idempotency`, the pipeline stores the response with the writes).
 */
export async function scoreLive(c: Context<AppEnv>, body: ScoreBodyType, at: Date, extra: Partial<ScoreJob> = {}): Promise<Assessment> {
  const deps = c.get("deps");
  const job: ScoreJob = { input: toScoreInput(keyScope(c), body, at), startedAt: startedAt.get(c) ?? performance.now(), live: true, ...extra };
  return scoringPipeline(deps.database, deps.jobs).submit(job);
}

export const transactionsRouter = createRouter()
  .openapi(scoreRoute, async (c) => {
    const body = c.req.valid("json");
    const at = new Date();
    return idempotent(c, { surface: "a", bodyField: "idempotency_key", pipelined: true }, async (_db, claimed) => {
      const respond = (a: Assessment) => ({ status: 200, body: scoreResponse(a.row) });
      const idempotency: IdempotentScore | undefined = claimed ? { ref: claimed, respond } : undefined;
      const a = await scoreLive(c, body, at, { idempotency });
      return idempotency?.stored ?? respond(a);
    });
  })
  .openapi(getTransactionRoute, async (c) => {
    const found = await getAssessment(c.get("db"), keyScope(c), c.req.valid("param").id);
    if (!found) throw notFound("transaction", "id");
    return c.json(found, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const body = c.req.valid("json");
    return idempotent(c, { surface: "a" }, async (db) => ({ status: 200, body: await verifyPayment(db, keyScope(c), body) }));
  });
