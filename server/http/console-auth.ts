import type { MiddlewareHandler } from "hono";
import { jwtVerify } from "jose";
import type { AppEnv, AnalystPrincipal } from "./context";
import { ApiError } from "../core/errors";
import type { AnalystRole } from "../db/schema";
import { liveSession } from "../domain/analysts/sessions";
import { looksLikeApiKey } from "../domain/keys/key-format";

export const CONSOLE_ISSUER = "argus-console";
export const CONSOLE_AUDIENCE = "argus-api";
/** Tokens are minted per request by the console; anything older than this is refused. */
export const CONSOLE_TOKEN_MAX_AGE = "15m";

export const apiKeysNotPermitted = () => new ApiError("FORBIDDEN", "API keys are not permitted on this endpoint");

/** An API key in either credential header: such a request is refused on dashboard routes (403). */
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
  if (!key)
    verifyKeys.set(
      secret,
      (key = crypto.subtle.importKey("raw", secret as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["verify"])),
    );
  return key;
}

const claim = (claims: Record<string, unknown>, name: string) =>
  typeof claims[name] === "string" && claims[name] !== "" ? (claims[name] as string) : undefined;

/**
 * Dashboard routes of Surface B: a short-lived HS256 JWT minted by the console's server code
 * (server/README.md, "Keys, scopes and analysts"). Every token names the account the console serves
 * (`account_id`). `sub` is the analyst id, with the console session it was minted for (`sid`), or
 * `console` for the sign-in calls made before anyone is signed in. An analyst's token is accepted
 * only while that session is live and the analyst is an enabled analyst of that account; the role
 * is read from the database on every call, so sign-out, a demotion or disabling applies at once.
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
    const accountId = claim(claims, "account_id");
    if (!accountId) throw new ApiError("UNAUTHORIZED", "The console token names no account (claim account_id).");
    let principal: AnalystPrincipal;
    if (claims.sub === "console") {
      principal = { analystId: "console", accountId, role: "console", session: null };
    } else {
      const sessionId = claim(claims, "sid");
      const live = sessionId
        ? await liveSession(c.get("deps").database.db, { sessionId, analystId: String(claims.sub), accountId })
        : undefined;
      if (!live)
        throw new ApiError(
          "UNAUTHORIZED",
          "The console session of this token has ended (signed out, disabled, new role or expired), or belongs to another account.",
        );
      principal = { analystId: live.analyst.id, accountId, role: live.analyst.role, session: { row: live.session, analyst: live.analyst } };
    }
    if (!roles.includes(principal.role)) {
      throw new ApiError("FORBIDDEN", `This endpoint requires the ${roles.filter((r) => r !== "console").join(" or ")} role.`);
    }
    c.set("analyst", principal);
    await next();
  };
}
