import { and, eq } from "drizzle-orm";
import { createRouter } from "../../../http/router";
import { keyset, toPage } from "../../../core/pagination";
import { notFound } from "../../../core/errors";
import { apiKeys } from "../../../db/schema";
import { createKey, revokeKey, serializeKey } from "../../../domain/keys/keys";
import { createKeyRoute, listKeysRoute, revokeKeyRoute } from "./routes";

export const apiKeysRouter = createRouter()
  .openapi(listKeysRoute, async (c) => {
    const { limit, after } = c.req.valid("query");
    const analyst = c.get("analyst")!;
    const page = keyset({ createdAt: apiKeys.createdAt, id: apiKeys.id }, after);
    const rows = await c
      .get("db")
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, analyst.accountId), eq(apiKeys.environment, c.get("environment")), page.where))
      .orderBy(...page.orderBy)
      .limit(limit + 1);
    return c.json(toPage(rows, limit, serializeKey), 200);
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
