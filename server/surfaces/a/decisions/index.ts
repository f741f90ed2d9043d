import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { idempotent } from "../../../http/idempotency/idempotent";
import { atomically } from "../../../domain/scoring/atomic";
import { listDecisions, recordScreeningDecision, recordTransactionDecision } from "../../../domain/decisions/decisions";
import { createDecisionRoute, listDecisionsRoute } from "./routes";

export const decisionsRouter = createRouter()
  .openapi(createDecisionRoute, async (c) => {
    const body = c.req.valid("json");
    const ctx = { scope: keyScope(c), actorId: c.get("key")!.keyId };
    const common = { decision: body.decision, reason: body.reason, notes: body.notes, analystId: body.analyst_id };
    return idempotent(c, { surface: "a" }, async (db) => {
      const result = await atomically(c.get("db"), db, (tx) =>
        body.screening_id !== undefined
          ? recordScreeningDecision(tx, { ...ctx, deps: c.get("deps") }, { ...common, screeningId: body.screening_id })
          : recordTransactionDecision(tx, ctx, { ...common, transactionId: body.transaction_id as string }),
      );
      return { status: 201, body: result };
    });
  })
  .openapi(listDecisionsRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listDecisions(c.get("db"), keyScope(c), { transactionId: q.transaction_id, screeningId: q.screening_id, limit: q.limit, after: q.after }), 200);
  });
