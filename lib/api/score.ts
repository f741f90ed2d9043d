import "server-only";

import { type ScoreResult } from "./wire";
import { ScoreResultSchema } from "./wire-schemas";
import type { ScoreRequest } from "../schemas/batch";
import type { ConsoleEnvironment } from "../schemas/environment";
import { apiA } from "./client";

// Scoring is a Surface A call (`POST /v1/transactions/score`) with the environment's
// key: in production it writes a live transaction (history, velocity, alerts), like any client's.

export async function scoreTransaction(
  environment: ConsoleEnvironment,
  body: ScoreRequest,
  options: { idempotencyKey: string },
): Promise<ScoreResult> {
  return apiA(environment, "/v1/transactions/score", {
    method: "POST",
    body,
    idempotencyKey: options.idempotencyKey,
    schema: ScoreResultSchema,
  });
}
