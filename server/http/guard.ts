import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./context";
import type { KeyPrincipal } from "../core/principal";
import { ApiError } from "../core/errors";
import { findActiveKey } from "../domain/keys/keys";
import { keyEnvironment } from "../domain/keys/key-format";
import { permits, type Scope } from "../domain/keys/scopes";
import { windowsFor } from "./rate-limit/policy";

type Surface = "a" | "b";

function unauthorized(surface: Surface, message: string): ApiError {
  return new ApiError(surface === "a" ? "invalid_api_key" : "UNAUTHORIZED", message);
}

function credential(surface: Surface, header: (name: string) => string | undefined): string {
  if (surface === "a") {
    const auth = header("authorization");
    if (!auth) throw unauthorized(surface, "No API key provided. Send it as `Authorization: Bearer <API_KEY>`.");
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!m) throw unauthorized(surface, "Malformed Authorization header. Expected `Authorization: Bearer <API_KEY>`.");
    return m[1] as string;
  }
  const key = header("x-api-key")?.trim();
  if (!key) throw unauthorized(surface, "No API key provided. Send it in the `X-Api-Key` header.");
  return key;
}

async function authenticate(surface: Surface, c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<KeyPrincipal> {
  const raw = credential(surface, (n) => c.req.header(n));
  const claimed = keyEnvironment(raw);
  if (!claimed) throw unauthorized(surface, "Malformed API key. Keys look like argus_live_sk_… or argus_test_sk_….");
  const listener = c.get("environment");
  if (claimed !== listener) {
    throw unauthorized(
      surface,
      claimed === "test"
        ? "A test key was sent to the production host. Test keys work only on the pre-production host."
        : "A live key was sent to the pre-production host. Live keys work only on the production host.",
    );
  }
  const key = await findActiveKey(c.get("deps").database.db, raw);
  if (!key || key.environment !== listener) throw unauthorized(surface, "Invalid or revoked API key.");
  return key;
}

/**
 * The gate in front of every API-key route, in the order of server/README.md ("Order of checks"):
 * authentication (401), scope (403), rate limit (429). An identified key's request always counts
 * against its windows and gets the rate-limit headers, even when its scope then refuses it.
 */
export function guard(surface: Surface, ...scopes: Scope[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("surface", surface);
    const key = await authenticate(surface, c);
    c.set("key", key);
    const deps = c.get("deps");
    deps.keyUsage.record(key.keyId);

    const result = await deps.limiter.hit(windowsFor(key, c.req.method, routePath(c)));
    // The binding window is the one with the fewest requests left (ties: the smaller limit).
    const binding = result.windows.reduce((a, b) =>
      b.remaining < a.remaining || (b.remaining === a.remaining && b.limit < a.limit) ? b : a,
    );
    c.header("X-RateLimit-Limit", String(binding.limit));
    c.header("X-RateLimit-Remaining", String(binding.remaining));
    c.header("X-RateLimit-Reset", String(Math.ceil(binding.resetAtMs / 1000)));

    if (scopes.length > 0 && !permits(key.scopes, scopes)) {
      throw surface === "a"
        ? new ApiError("insufficient_permissions", `This API key lacks the scope required here (${scopes.join(" or ")}).`)
        : new ApiError("FORBIDDEN", `This API key lacks the scope required here (${scopes.join(" or ")}).`);
    }
    if (!result.allowed) {
      const blocking = result.windows.filter((w) => w.remaining === 0);
      const waitMs = Math.max(...blocking.map((w) => w.resetAtMs)) - Date.now();
      throw new ApiError(
        "rate_limit_exceeded",
        `Rate limit of ${binding.limit} requests per minute exceeded. Retry after the Retry-After interval.`,
        undefined,
        { "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))) },
      );
    }
    await next();
  };
}
