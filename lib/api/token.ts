import "server-only";

import { SignJWT } from "jose";

// The console's credential for Surface B dashboard routes: a short-lived HS256 JWT signed with
// ARGUS_CONSOLE_SECRET (server/README.md, keys and accounts). One is minted per request, so a
// leaked token is worth minutes; the API checks the session it names on every call.

export const CONSOLE_TOKEN_ISSUER = "argus-console";
export const CONSOLE_TOKEN_AUDIENCE = "argus-api";
/** The API refuses tokens older than 15 minutes; 5 leaves room for clock skew. */
export const CONSOLE_TOKEN_TTL_SECONDS = 300;

/**
 * Who the token speaks for: an analyst in one of their sessions, or the console itself (sign-in,
 * before anyone is signed in). Both name the account the console serves.
 */
export type TokenSubject = { kind: "analyst"; id: string; sessionId: string; accountId: string } | { kind: "console"; accountId: string };

export async function mintConsoleToken(secret: string, subject: TokenSubject, nowMs: number = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims: Record<string, string> = { account_id: subject.accountId };
  if (subject.kind === "analyst") claims.sid = subject.sessionId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject.kind === "analyst" ? subject.id : "console")
    .setIssuer(CONSOLE_TOKEN_ISSUER)
    .setAudience(CONSOLE_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CONSOLE_TOKEN_TTL_SECONDS)
    .sign(new TextEncoder().encode(secret));
}
