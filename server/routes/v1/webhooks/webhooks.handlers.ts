import type { Context } from "hono";
import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import type { AppEnv } from "../../../http/context";
import { ApiError } from "../../../core/errors";
import { idempotent } from "../../../http/idempotency/idempotent";
import { expectedVersion, setEtag } from "../../../http/if-match";
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listEndpoints,
  serializeEndpoint,
  updateEndpoint,
} from "../../../domain/webhooks/endpoints";
import { listDeliveries } from "../../../domain/webhooks/deliveries";
import { checkTarget, TargetRefused } from "../../../domain/webhooks/ssrf";
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookRoute,
  listDeliveriesRoute,
  listWebhooksRoute,
  updateWebhookRoute,
} from "./webhooks.routes";

/** The SSRF check of a target URL at registration: refusals are 400 on `url`. */
async function checkedUrl(c: Context<AppEnv>, url: string): Promise<string> {
  try {
    await checkTarget(url, { allowPrivate: c.get("deps").config.ARGUS_WEBHOOK_ALLOW_PRIVATE });
    return url;
  } catch (err) {
    if (err instanceof TargetRefused) throw new ApiError("invalid_field_value", err.message, "url");
    throw err;
  }
}

export const webhooksRouter = createRouter()
  .openapi(createWebhookRoute, async (c) => {
    const body = c.req.valid("json");
    const scope = keyScope(c);
    // Resolved before the transaction: a slow DNS answer must not hold the database.
    const url = await checkedUrl(c, body.url);
    return idempotent(c, { surface: "a" }, async (db) => {
      const { row, secret } = await createEndpoint(db, scope, { url, events: body.events, description: body.description });
      return { status: 201, body: { ...serializeEndpoint(row), secret } };
    });
  })
  .openapi(listWebhooksRoute, async (c) => {
    return c.json(await listEndpoints(c.get("db"), keyScope(c), c.req.valid("query")), 200);
  })
  .openapi(getWebhookRoute, async (c) => {
    const row = await findEndpoint(c.get("db"), keyScope(c), c.req.valid("param").id);
    setEtag(c, row.version);
    return c.json(serializeEndpoint(row), 200);
  })
  .openapi(updateWebhookRoute, async (c) => {
    const body = c.req.valid("json");
    const scope = keyScope(c);
    const id = c.req.valid("param").id;
    const url = body.url !== undefined ? await checkedUrl(c, body.url) : undefined;
    const patch = { url, events: body.events, description: body.description, status: body.status };
    const row = await updateEndpoint(c.get("db"), scope, id, patch, expectedVersion(c));
    setEtag(c, row.version);
    return c.json(serializeEndpoint(row), 200);
  })
  .openapi(deleteWebhookRoute, async (c) => {
    const row = await deleteEndpoint(c.get("db"), keyScope(c), c.req.valid("param").id, expectedVersion(c));
    return c.json({ ...serializeEndpoint(row), deleted: true as const }, 200);
  })
  .openapi(listDeliveriesRoute, async (c) => {
    const q = c.req.valid("query");
    const page = await listDeliveries(c.get("db"), keyScope(c), c.req.valid("param").id, {
      limit: q.limit,
      after: q.after,
      eventId: q.event_id,
    });
    return c.json(page, 200);
  });
