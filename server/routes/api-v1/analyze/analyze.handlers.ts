import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { startedAtOf } from "../../../http/started-at";
import { idempotent } from "../../../http/idempotency/idempotent";
import { newId } from "../../../core/ids";
import type { Assessment, IdempotentScore } from "../../../domain/scoring/score-transaction";
import { scoreLabelled, scoreLive } from "../../../domain/scoring/score-service";
import { analysisResponse } from "../../../domain/scoring/analysis";
import { analyzeRoute, analyzeSandboxRoute } from "./analyze.routes";

export const analyzeRouter = createRouter()
  // POST /api/v1/analyze
  .openapi(analyzeRoute, async (c) => {
    const body = c.req.valid("json");
    const at = new Date();
    return idempotent(c, { surface: "b", pipelined: true }, async (_db, claimed) => {
      const analysisId = newId("anl");
      const respond = (a: Assessment) => ({ status: 200, body: analysisResponse(a, analysisId, "live") });
      const idempotency: IdempotentScore | undefined = claimed ? { ref: claimed, respond } : undefined;
      const a = await scoreLive(c.get("deps"), {
        scope: keyScope(c),
        request: body,
        at,
        startedAt: startedAtOf(c),
        analysisId,
        idempotency,
      });
      return idempotency?.stored ?? respond(a);
    });
  })
  // POST /api/v1/analyze/sandbox
  .openapi(analyzeSandboxRoute, async (c) => {
    const body = c.req.valid("json");
    const at = new Date();
    return idempotent(c, { surface: "b" }, async (db) => {
      const a = await scoreLabelled(c.get("deps"), db, { scope: keyScope(c), request: body, at, startedAt: startedAtOf(c) });
      return { status: 200, body: analysisResponse(a, newId("anl"), "labelled") };
    });
  });
