import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** 413 for bodies over 1 MB, checked on Content-Length and while streaming. */
export const limitBody: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    // The rest of the body is never read, so the connection cannot be reused.
    throw new ApiError("request_too_large", "The request body is larger than 1 MB.", undefined, { Connection: "close" });
  },
});

/**
 * Parses a JSON body once, up front, so that malformed JSON is a clear 400 `invalid_json` (not a
 * validation error) and a non-object body is refused. A body sent without an application/json
 * Content-Type is ignored (spec 4.1): validation then sees `{}` and reports the missing fields.
 */
export const parseJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "POST" || c.req.method === "PATCH" || c.req.method === "PUT") {
    const type = c.req.header("content-type") ?? "";
    if (!JSON_TYPE.test(type)) {
      // Spec 4.1: without `Content-Type: application/json` the body is ignored. Replace it with an
      // empty JSON object, so the route's validation reports the missing fields (never a 415).
      const headers = new Headers(c.req.raw.headers);
      headers.set("content-type", "application/json");
      headers.delete("content-length");
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: "{}" });
      (c.req.bodyCache as Record<string, unknown>) = { text: Promise.resolve("{}") };
    } else {
      const text = await c.req.text();
      // An empty JSON body reads as `{}` so validation names the missing fields.
      if (text.trim() === "") (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve("{}");
      else {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new ApiError("invalid_json", "The request body is not valid JSON.");
        }
        if (value === null || typeof value !== "object" || Array.isArray(value)) {
          throw new ApiError("invalid_json", "The request body must be a JSON object.");
        }
      }
    }
  }
  await next();
};
