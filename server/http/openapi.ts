import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "invalid_field_value" }),
      message: z.string(),
      doc_url: z.string().optional(),
      docs_url: z.string().optional().openapi({ description: "Surface B authentication errors only" }),
      param: z.string().optional().openapi({ example: "payment_method.type" }),
      request_id: z.string(),
    }),
  })
  .openapi("Error");

const errorContent = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

/** The error responses every authenticated route may give, for the OpenAPI documents. */
export const commonErrors = {
  400: errorContent("Invalid body or parameters (`missing_required_field`, `invalid_field_value`, `invalid_json`)"),
  401: errorContent("Missing, malformed, invalid or revoked credential"),
  403: errorContent("The credential lacks permission for this endpoint"),
  413: errorContent("Body larger than 1 MB"),
  429: errorContent("Rate limit exceeded; see Retry-After"),
  500: errorContent("Unexpected error"),
} as const;

export const errorResponses = (...statuses: (404 | 409 | 422)[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      errorContent(
        s === 404 ? "No such resource in this account and environment" : s === 409 ? "Idempotency or version conflict" : "Logical conflict",
      ),
    ]),
  );

/** Serves one surface's OpenAPI 3.1 document, generated from its route definitions. */
export function serveDocument(
  router: OpenAPIHono<AppEnv>,
  opts: { path: string; title: string; description: string; security: "bearer" | "apiKey" },
) {
  router.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: opts.security === "bearer" ? "API key: `Authorization: Bearer argus_live_sk_…`" : "Console JWT (dashboard routes only)",
  });
  if (opts.security === "apiKey") {
    router.openAPIRegistry.registerComponent("securitySchemes", "apiKeyHeader", { type: "apiKey", in: "header", name: "X-Api-Key" });
  }
  router.doc31(opts.path, {
    openapi: "3.1.0",
    info: { title: opts.title, version: "v1", description: opts.description },
    security: [opts.security === "bearer" ? { bearerAuth: [] } : { apiKeyHeader: [] }],
  });
}

// Cursor pagination of every list (server/core/pagination.ts): the query parameters and the envelope.
export const paginationQuery = {
  // Digits only: a plain coercion would take "1e1", "0x5" or " 5" as numbers.
  limit: z
    .string()
    .refine((v) => /^[0-9]+$/.test(v), { message: "must be an integer" })
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .default(20)
    .openapi({ type: "integer", minimum: 1, maximum: 100, default: 20, description: "1 to 100, default 20" }),
  after: z.string().min(1).optional().openapi({ description: "The `next_cursor` of the previous page" }),
};

/** The OpenAPI schema of a list envelope of `item`. */
export function listSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().nullable(),
    })
    .openapi(name);
}
