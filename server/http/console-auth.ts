import type { MiddlewareHandler } from "hono";
import { jwtVerify } from "jose";
import { and, eq, isNull } from "drizzle-orm";
import type { AppEnv, AnalystPrincipal } from "./context";
import { ApiError } from "./errors";
import { analysts, type AnalystRole } from "../db/schema";
import { looksLikeApiKey } from "../domain/keys/key-format";

export const CONSOLE_ISSUER = "argus-console";
export const CONSOLE_AUDIENCE = "argus-api";
/** Tokens are minted per request by the console; anything older than this is refused. */
export const CONSOLE_TOKEN_MAX_AGE = "15m";

export const apiKeysNotPermitted = () => new ApiError("FORBIDDEN", "API keys are not permitted on this endpoint");

/** An API key in either credential header: such a request is refused on dashboard routes (spec 5.2.4). */
export function carriesApiKey(header: (name: string) => string | undefined): boolean {
  if (header("x-api-key")) return true;
  const bearer = /^Bearer\s+(\S+)/i.exec(header("authorization") ?? "")?.[1];
  return bearer !== undefined && looksLikeApiKey(bearer);
}

type Allowed = AnalystRole | "console";

const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The HMAC key of the console secret, imported once. Given the raw bytes, jose imports them again
 * on every verification, which was ~10 % of a dashboard request's CPU.
 */
function verifyKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) verifyKeys.set(secret, (key = crypto.subtle.importKey("raw", secret as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["verify"])));
  return key;
}

/**
 * Dashboard routes of Surface B: a short-lived HS256 JWT minted by the console's server code.
 * `sub` is the analyst id (or `console` for the sign-in call, made before anyone is signed in).
 * The analyst's role is read from the database on every call, so a demotion or a disabled
 * account applies at once rather than when the token expires.
 */
export function consoleAuth(...roles: Allowed[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("surface", "b");
    if (carriesApiKey((n) => c.req.header(n))) throw apiKeysNotPermitted();
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token) throw new ApiError("UNAUTHORIZED", "Missing console token. Send `Authorization: Bearer <JWT>`.");
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, await verifyKey(c.get("deps").consoleSecret), {
        issuer: CONSOLE_ISSUER,
        audience: CONSOLE_AUDIENCE,
        algorithms: ["HS256"],
        maxTokenAge: CONSOLE_TOKEN_MAX_AGE,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch {
      throw new ApiError("UNAUTHORIZED", "Invalid or expired console token.");
    }
    let principal: AnalystPrincipal;
    if (claims.sub === "console") {
      principal = { analystId: "console", accountId: null, role: "console" };
    } else {
      const [row] = await c
        .get("deps")
        .database.db.select({ id: analysts.id, accountId: analysts.accountId, role: analysts.role })
        .from(analysts)
        .where(and(eq(analysts.id, String(claims.sub)), isNull(analysts.disabledAt)))
        .limit(1);
      if (!row) throw new ApiError("UNAUTHORIZED", "The analyst of this token does not exist or is disabled.");
      principal = { analystId: row.id, accountId: row.accountId, role: row.role };
    }
    if (!roles.includes(principal.role)) {
      throw new ApiError("FORBIDDEN", `This endpoint requires the ${roles.filter((r) => r !== "console").join(" or ")} role.`);
    }
    c.set("analyst", principal);
    await next();
  };
}
