import "server-only";

import { SignJWT } from "jose";

// The console's credential for Surface B dashboard routes: a short-lived HS256 JWT signed with
// ARGUS_CONSOLE_SECRET (DESIGN.md "Keys, accounts, scopes"). One is minted per request, so a
// leaked token is worth minutes, and a role change applies at once (the API rereads the role).

export const CONSOLE_TOKEN_ISSUER = "argus-console";
export const CONSOLE_TOKEN_AUDIENCE = "argus-api";
/** The API refuses tokens older than 15 minutes; 5 leaves room for clock skew. */
export const CONSOLE_TOKEN_TTL_SECONDS = 300;

/** Who the token speaks for: an analyst, or the console itself (sign-in, before anyone is signed in). */
export type TokenSubject =
  | { kind: "analyst"; id: string; role?: string; accountId?: string }
  | { kind: "console"; accountId?: string };

export async function mintConsoleToken(secret: string, subject: TokenSubject, nowMs: number = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims: Record<string, string> = {};
  if (subject.kind === "analyst" && subject.role) claims.role = subject.role;
  if (subject.accountId) claims.account_id = subject.accountId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject.kind === "analyst" ? subject.id : "console")
    .setIssuer(CONSOLE_TOKEN_ISSUER)
    .setAudience(CONSOLE_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CONSOLE_TOKEN_TTL_SECONDS)
    .sign(new TextEncoder().encode(secret));
}
