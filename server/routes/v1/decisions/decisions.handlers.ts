import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { idempotent } from "../../../http/idempotency/idempotent";
import { listDecisions, recordScreeningDecision, recordTransactionDecision } from "../../../domain/decisions/decisions";
import { holdScreeningReview } from "../../../domain/decisions/four-eyes";
import { createDecisionRoute, listDecisionsRoute } from "./decisions.routes";

export const decisionsRouter = createRouter()
  .openapi(createDecisionRoute, async (c) => {
    const body = c.req.valid("json");
    const ctx = { scope: keyScope(c), actorId: c.get("key")!.keyId };
    const common = { decision: body.decision, reason: body.reason, notes: body.notes, analystId: body.analyst_id, snapshot: body.snapshot };
    // idempotent() runs the handler in a transaction: the decision and the state it changes commit together.
    return idempotent(c, { surface: "a" }, async (tx) => {
      if (body.screening_id !== undefined) {
        const held = await holdScreeningReview(tx, ctx, { ...body, screening_id: body.screening_id });
        if (held) return { status: 202, body: held };
        return {
          status: 201,
          body: await recordScreeningDecision(
            tx,
            { ...ctx, deps: c.get("deps") },
            {
              ...common,
              screeningId: body.screening_id,
              includeTwins: body.include_twins,
            },
          ),
        };
      }
      return { status: 201, body: await recordTransactionDecision(tx, ctx, { ...common, transactionId: body.transaction_id as string }) };
    });
  })
  .openapi(listDecisionsRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await listDecisions(c.get("db"), keyScope(c), {
        transactionId: q.transaction_id,
        screeningId: q.screening_id,
        limit: q.limit,
        after: q.after,
      }),
      200,
    );
  });
