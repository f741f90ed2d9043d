import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import type { AppEnv } from "../../../http/context";
import { ApiError, notFound } from "../../../core/errors";
import { idempotent } from "../../../http/idempotency/idempotent";
import { keyScope } from "../../../http/key-scope";
import { getVerification } from "../../../domain/identity/find";
import { submitVerification, livenessCheck } from "../../../domain/identity/verify";
import { settleChecks } from "../../../domain/identity/resolve";
import { serializeSubject, serializeVerification } from "../../../domain/identity/serialize";
import { screenWatchlist } from "../../../domain/screening/watchlist-request";
import { findScreening, listScreenings } from "../../../domain/screening/screen-person";
import { listedEntities, serializeScreening } from "../../../domain/screening/serialize";
import { twinsOf } from "../../../domain/screening/twins";
import {
  getScreeningRoute,
  getVerificationRoute,
  listScreeningsRoute,
  livenessRoute,
  verifyRoute,
  watchlistRoute,
} from "./identity.routes";

const scopeOf = keyScope;
const findVerification = (c: Context<AppEnv>, id: string) => getVerification(c.get("db"), keyScope(c), id);

export const identityRouter = createRouter()
  .openapi(verifyRoute, (c) =>
    idempotent(c, { surface: "a" }, async (db) => {
      const row = await submitVerification(db, { scope: scopeOf(c), deps: c.get("deps") }, c.req.valid("json"));
      return { status: row.status === "pending" ? 202 : 201, body: serializeVerification(row) };
    }),
  )
  .openapi(getVerificationRoute, async (c) => {
    const row = await findVerification(c, c.req.valid("param").id);
    return c.json({ ...serializeVerification(row), subject: serializeSubject(row) }, 200);
  })
  .openapi(livenessRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { result, score } = c.req.valid("json");
    const row = await findVerification(c, id);
    const liveness = row.checks.find((ch) => ch.name === "liveness");
    if (!liveness || liveness.status !== "pending") {
      throw new ApiError(
        "invalid_state_transition",
        liveness ? `The liveness check already has its result (${liveness.status}).` : "This verification has no liveness check.",
      );
    }
    const provider = String((row.subject.liveness as { provider?: string } | undefined)?.provider ?? "liveness provider");
    const updated = await c
      .get("db")
      .transaction((tx) =>
        settleChecks(tx as never, { scope: scopeOf(c), deps: c.get("deps") }, id, [livenessCheck(provider, result, score)]),
      );
    return c.json(serializeVerification(updated!), 200);
  })
  .openapi(watchlistRoute, async (c) => {
    const row = await screenWatchlist(c.get("db"), { scope: scopeOf(c), deps: c.get("deps") }, c.req.valid("query"));
    return c.json(serializeScreening(row), 200);
  })
  .openapi(listScreeningsRoute, async (c) => {
    const q = c.req.valid("query");
    const page = await listScreenings(c.get("db"), scopeOf(c), {
      status: q.status,
      reviewState: q.review_state,
      userId: q.user_id,
      order: q.order,
      grouped: q.grouped,
      startTime: q.start_time,
      limit: q.limit,
      after: q.after,
    });
    const twins = await twinsOf(c.get("db"), scopeOf(c), page.data);
    return c.json({ ...page, data: page.data.map((row) => ({ ...serializeScreening(row), twins: twins.get(row.id) ?? [] })) }, 200);
  })
  .openapi(getScreeningRoute, async (c) => {
    const row = await findScreening(c.get("db"), scopeOf(c), c.req.valid("param").id);
    if (!row) throw notFound("screening", "id");
    const service = await c.get("deps").watchlists.get();
    const twins = await twinsOf(c.get("db"), scopeOf(c), [row]);
    return c.json({ ...serializeScreening(row), twins: twins.get(row.id) ?? [], listed_entities: listedEntities(row, service) }, 200);
  });
