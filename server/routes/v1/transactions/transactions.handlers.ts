import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { startedAtOf } from "../../../http/started-at";
import { notFound } from "../../../core/errors";
import { idempotent } from "../../../http/idempotency/idempotent";
import type { Assessment, IdempotentScore } from "../../../domain/scoring/score-transaction";
import { scoreLive } from "../../../domain/scoring/score-service";
import { scoreResponse } from "../../../domain/scoring/serialize";
import { getAssessment } from "../../../domain/scoring/query";
import { verifyPayment } from "../../../domain/payments/verify";
import { getTransactionRoute, scoreRoute, verifyRoute } from "./transactions.routes";

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
  // GET /v1/transactions/{id}
  .openapi(getTransactionRoute, async (c) => {
    const found = await getAssessment(c.get("db"), keyScope(c), c.req.valid("param").id);
    if (!found) throw notFound("transaction", "id");
    return c.json(found, 200);
  })
  // POST /v1/transactions/verify
  .openapi(verifyRoute, async (c) => {
    const body = c.req.valid("json");
    return idempotent(c, { surface: "a" }, async (db) => ({ status: 200, body: await verifyPayment(db, keyScope(c), body) }));
  });
