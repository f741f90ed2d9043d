import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../http/context";
import { apiKeyRoute, createRouter } from "../http/router";
import { idempotent } from "../http/idempotency/idempotent";
import type { Db } from "../db/client";

// Routes that exist only in the platform's own tests: they exercise the shared middleware (auth,
// scopes, limits, body handling, validation, idempotency, errors) before any product route does.

const ThingBody = z.object({
  name: z.string().min(1),
  amount: z.number().int().positive(),
  payment_method: z.object({
    type: z.enum(["card", "wallet"]),
    card_bin: z
      .string()
      .regex(/^\d{6,8}$/)
      .optional(),
  }),
  tags: z.array(z.string()).optional(),
  idempotency_key: z.string().optional(),
  delay_ms: z.number().int().min(0).max(5000).optional(),
});

const body = { required: true, content: { "application/json": { schema: ThingBody } } } as const;
const ok = { 201: { description: "created" } } as const;

async function createThing(db: Db, input: z.infer<typeof ThingBody>) {
  if (input.delay_ms) await new Promise((r) => setTimeout(r, input.delay_ms));
  const result = (await db.execute(
    sql`insert into jobs (type, payload, state) values ('probe.thing', ${JSON.stringify({ name: input.name })}::jsonb, 'done') returning id`,
  )) as unknown as { rows: { id: number }[] };
  if (input.name === "fail-after-write") throw new Error("probe failure after a write");
  if (input.name === "refuse-after-write")
    return { status: 422, body: { error: { type: "invalid_request_error", code: "probe_refused", message: "refused after a write" } } };
  return { status: 201, body: { object: "thing", id: `thing_${result.rows[0]?.id}`, name: input.name } };
}

export function mountProbeRoutes(app: OpenAPIHono<AppEnv>): void {
  const probe = createRouter()
    .openapi(
      createRoute({
        method: "post",
        path: "/v1/_probe/things",
        middleware: apiKeyRoute("a", "cases:write"),
        request: { body },
        responses: ok,
      }),
      (c) => idempotent(c, { surface: "a", bodyField: "idempotency_key" }, (db) => createThing(db, c.req.valid("json"))),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/api/v1/_probe/analyze",
        middleware: apiKeyRoute("b", "TRANSACTIONS_WRITE"),
        request: { body },
        responses: ok,
      }),
      (c) => idempotent(c, { surface: "b" }, (db) => createThing(db, c.req.valid("json"))),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/v1/_probe/whoami",
        middleware: apiKeyRoute("a"),
        request: { query: z.object({ count: z.coerce.number().int().min(1).max(10).optional() }) },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.json({ object: "whoami", key_id: c.get("key")?.keyId, environment: c.get("environment") }, 200),
    )
    .openapi(
      createRoute({ method: "get", path: "/v1/_probe/boom", middleware: apiKeyRoute("a"), responses: { 200: { description: "never" } } }),
      () => {
        throw new Error("secret internal detail: connection string postgres://u:p@db");
      },
    );
  app.route("/", probe);
}

export async function countThings(db: Db): Promise<number> {
  const r = (await db.execute(sql`select count(*)::int as n from jobs where type = 'probe.thing'`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
}
