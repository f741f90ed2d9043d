import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { idempotent } from "../../../http/idempotency/idempotent";
import { newId } from "../../../core/ids";
import { toScoreInput } from "../../../domain/scoring/request";
import { assess, type Assessment, type IdempotentScore } from "../../../domain/scoring/score-transaction";
import { analysisResponse } from "../../../domain/scoring/analysis";
import { directRunners } from "../../../domain/scoring/pipeline";
import { scoreLive } from "../../a/transactions";
import { startedAt } from "../../a/transactions/routes";
import { analyzeRoute, analyzeSandboxRoute } from "./routes";

export const analyzeRouter = createRouter()
  .openapi(analyzeRoute, async (c) => {
    const body = c.req.valid("json");
    const at = new Date();
    return idempotent(c, { surface: "b", pipelined: true }, async (_db, claimed) => {
      const analysisId = newId("anl");
      const respond = (a: Assessment) => ({ status: 200, body: analysisResponse(a, analysisId, "live") });
      const idempotency: IdempotentScore | undefined = claimed ? { ref: claimed, respond } : undefined;
      const a = await scoreLive(c, body, at, { analysisId, idempotency });
      return idempotency?.stored ?? respond(a);
    });
  })
  .openapi(analyzeSandboxRoute, async (c) => {
    const body = c.req.valid("json");
    const at = new Date();
    return idempotent(c, { surface: "b" }, async (db) => {
      // Labelled mode: the same features and model, and nothing written but the replay record.
      const deps = c.get("deps");
      const job = { input: toScoreInput(keyScope(c), body, at), startedAt: startedAt.get(c) ?? performance.now(), live: false };
      const [a] = await assess(db, [job], directRunners(deps.database, deps.jobs).features);
      if (a instanceof Error) throw a;
      return { status: 200, body: analysisResponse(a as Assessment, newId("anl"), "labelled") };
    });
  });
