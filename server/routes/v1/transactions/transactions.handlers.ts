import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { startedAtOf } from "../../../http/started-at";
import { notFound } from "../../../core/errors";
import { idempotent } from "../../../http/idempotency/idempotent";
import type { Assessment, IdempotentScore } from "../../../domain/scoring/score-transaction";
import { scoreLive } from "../../../domain/scoring/score-service";
import { scoreResponse } from "../../../domain/scoring/serialize";
import { getAssessment } from "../../../domain/scoring/query";
import { verifyTransactionDecisions } from "../../../domain/decisions";
import { verifyPayment } from "../../../domain/payments/verify";
import { listTransactions } from "../../../domain/scoring/list";
import { ApiError } from "../../../core/errors";
import { getTransactionRoute, listTransactionsRoute, scoreRoute, verifyRoute } from "./transactions.routes";

export const transactionsRouter = createRouter()
  // POST /v1/transactions/score
  .openapi(scoreRoute, async (c) => {
    const body = c.req.valid("json");
    const at = new Date();
    return idempotent(c, { surface: "a", bodyField: "idempotency_key", pipelined: true }, async (_db, claimed) => {
      // With a claimed key, the pipeline stores this answer in the batch's commit (the replay).
      const respond = (a: Assessment) => ({ status: 200, body: scoreResponse(a.row) });
      const idempotency: IdempotentScore | undefined = claimed ? { ref: claimed, respond } : undefined;
      const a = await scoreLive(c.get("deps"), { scope: keyScope(c), request: body, at, startedAt: startedAtOf(c), idempotency });
      return idempotency?.stored ?? respond(a);
    });
  })
  // GET /v1/transactions (an addition)
  .openapi(listTransactionsRoute, async (c) => {
    const q = c.req.valid("query");
    if (q.start_time && q.end_time && q.start_time > q.end_time) {
      throw new ApiError("invalid_field_value", "end_time must not be before start_time.", "end_time");
    }
    if (q.min_score !== undefined && q.max_score !== undefined && q.min_score > q.max_score) {
      throw new ApiError("invalid_field_value", "max_score must not be below min_score.", "max_score");
    }
    const page = await listTransactions(c.get("db"), keyScope(c), {
      decision: q.decision,
      review: q.review,
      label: q.label,
      userId: q.user_id,
      minScore: q.min_score,
      maxScore: q.max_score,
      startTime: q.start_time,
      endTime: q.end_time,
      order: q.order,
      limit: q.limit,
      after: q.after,
    });
    return c.json(page, 200);
  })
  // GET /v1/transactions/{id}
  .openapi(getTransactionRoute, async (c) => {
    const id = c.req.valid("param").id;
    const found = await getAssessment(c.get("db"), keyScope(c), id);
    if (!found) throw notFound("transaction", "id");
    return c.json({ ...found, decision_chain: await verifyTransactionDecisions(c.get("db"), keyScope(c), id) }, 200);
  })
  // POST /v1/transactions/verify
  .openapi(verifyRoute, async (c) => {
    const body = c.req.valid("json");
    return idempotent(c, { surface: "a" }, async (db) => ({ status: 200, body: await verifyPayment(db, keyScope(c), body) }));
  });
