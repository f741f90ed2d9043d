import { createRouter } from "../../../http/router";
import { notFound } from "../../../core/errors";
import { createKey, listKeyPage, revokeKey, serializeKey } from "../../../domain/keys/keys";
import { createKeyRoute, listKeysRoute, revokeKeyRoute } from "./api-keys.routes";

export const apiKeysRouter = createRouter()
  .openapi(listKeysRoute, async (c) => {
    const { limit, after } = c.req.valid("query");
    const analyst = c.get("analyst")!;
    const page = await listKeyPage(c.get("db"), { accountId: analyst.accountId, environment: c.get("environment") }, { limit, after });
    return c.json({ ...page, data: page.data.map(serializeKey) }, 200);
  })
  .openapi(createKeyRoute, async (c) => {
    const body = c.req.valid("json");
    const analyst = c.get("analyst")!;
    const { row, key } = await createKey(c.get("db"), {
      accountId: analyst.accountId,
      environment: c.get("environment"),
      label: body.label,
      scopes: body.scopes,
      createdBy: analyst.analystId,
    });
    return c.json({ ...serializeKey(row), key }, 201);
  })
  .openapi(revokeKeyRoute, async (c) => {
    const analyst = c.get("analyst")!;
    const row = await revokeKey(c.get("db"), c.req.valid("param").id, analyst.accountId);
    if (!row || row.environment !== c.get("environment")) throw notFound("API key", "id");
    return c.json(serializeKey(row), 200);
  });
