import { createRouter } from "../../../http/router";
import { idempotent } from "../../../http/idempotency/idempotent";
import { keyScope as scopeOf } from "../../../http/key-scope";
import { getVerification, listVerifications } from "../../../domain/identity/find";
import { submitVerification } from "../../../domain/identity/verify";
import { serializeSubject, serializeVerification } from "../../../domain/identity/serialize";
import { createVerificationRoute, getVerificationRoute, listVerificationsRoute } from "./verifications.routes";

export const verificationsRouter = createRouter()
  .openapi(createVerificationRoute, (c) =>
    idempotent(c, { surface: "a" }, async (db) => {
      const row = await submitVerification(db, { scope: scopeOf(c), deps: c.get("deps") }, c.req.valid("json"));
      return { status: row.status === "pending" ? 202 : 201, body: serializeVerification(row, "verification") };
    }),
  )
  .openapi(listVerificationsRoute, async (c) => {
    const q = c.req.valid("query");
    const page = await listVerifications(c.get("db"), scopeOf(c), {
      status: q.status,
      userId: q.user_id,
      type: q.type,
      limit: q.limit,
      after: q.after,
    });
    return c.json({ ...page, data: page.data.map((r) => serializeVerification(r, "verification")) }, 200);
  })
  .openapi(getVerificationRoute, async (c) => {
    const row = await getVerification(c.get("db"), scopeOf(c), c.req.valid("param").id);
    return c.json({ ...serializeVerification(row, "verification"), subject: serializeSubject(row) }, 200);
  });
