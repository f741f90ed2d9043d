import type { Context } from "hono";
import { ApiError, type ErrorCode } from "../core/errors";
import type { AppEnv } from "./context";

function docUrl(c: Context<AppEnv>, code: ErrorCode): string {
  return `${new URL(c.req.url).origin}/docs/errors#${code}`;
}

/**
 * Writes an error in the specified shape. Surface B authentication errors (and its version
 * conflicts) use the upper-case shape with `docs_url`; every other error uses the standard shape
 * with `doc_url` (server/README.md, "Errors"). Both carry `request_id`; neither carries `object`.
 */
export function errorResponse(c: Context<AppEnv>, err: ApiError): Response {
  const requestId = c.get("requestId");
  const upper = err.code === "UNAUTHORIZED" || err.code === "FORBIDDEN" || err.code === "CONFLICT";
  const error: Record<string, string> = { code: err.code, message: err.message };
  if (upper) error.docs_url = docUrl(c, err.code);
  else error.doc_url = docUrl(c, err.code);
  if (err.param !== undefined) error.param = err.param;
  error.request_id = requestId;
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json({ error }, err.status as 400);
}
