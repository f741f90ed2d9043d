import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./context";
import { ApiError } from "../core/errors";
import { VersionConflictError } from "../core/version-conflict";
import { errorResponse } from "./error-response";
import { apiKeysNotPermitted, carriesApiKey } from "./console-auth";
import { connectionErrorReason, isConnectionError } from "../db/errors";

/** Unknown routes: 404 in the error shape; under /api/v1 an API key gets 403, as on the dashboard routes. */
export const notFoundHandler: NotFoundHandler<AppEnv> = (c) => {
  if (c.req.path.startsWith("/api/v1/") && carriesApiKey((n) => c.req.header(n))) {
    return errorResponse(c, apiKeysNotPermitted());
  }
  return errorResponse(c, new ApiError("resource_not_found", `No endpoint ${c.req.method} ${c.req.path}.`));
};

/** Every failure leaves here in the specified shape; nothing internal ever reaches the client. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c: Context<AppEnv>) => {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof VersionConflictError) {
    c.header("ETag", `"${err.current}"`);
    return errorResponse(c, new ApiError(c.get("surface") === "b" ? "CONFLICT" : "version_conflict", err.message, "If-Match"));
  }
  if (err instanceof HTTPException && err.status === 400) {
    return errorResponse(c, new ApiError("invalid_json", "The request body is not valid JSON."));
  }
  if (err instanceof HTTPException && err.status === 413) {
    return errorResponse(c, new ApiError("request_too_large", "The request body is larger than 1 MB."));
  }
  // The database is unreachable or the request's connection broke (refused, reset, ended by the
  // server, no connection within the pool's timeout): temporary, so 503 and a retry, never 500.
  // Logged without the stack: an outage fails every request the same way.
  const unavailable = isConnectionError(err);
  if (unavailable) c.get("log").warn({ reason: connectionErrorReason(err) }, "database unavailable");
  else c.get("log").error({ err, request_id: c.get("requestId") }, "unhandled error");
  return errorResponse(
    c,
    unavailable
      ? new ApiError("service_unavailable", "The service is temporarily unavailable. Retry with exponential backoff.")
      : new ApiError("internal_error", "An unexpected error occurred. Quote the request id to support."),
  );
};
