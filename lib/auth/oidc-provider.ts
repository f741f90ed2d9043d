import "server-only";

import type { Provider } from "next-auth/providers";
import { resolveAnalystByEmail } from "../api/analysts";
import type { OidcConfig } from "../env";
import { sessionAnalystOf, type SessionAnalyst } from "./session-analyst";

// Optional single sign-on with any OpenID Connect provider (ARGUS_OIDC_ISSUER, _CLIENT_ID,
// _CLIENT_SECRET, optional _NAME). The provider proves who someone is; Argus decides what they
// may do: a person signs in only if their verified e-mail belongs to an analyst of the account
// (matched case-insensitively, not disabled), and gets that analyst's role. Nobody is created.

export const OIDC_PROVIDER_ID = "oidc";

export function oidcProvider(config: OidcConfig): Provider {
  return {
    id: OIDC_PROVIDER_ID,
    name: config.name,
    type: "oidc",
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    checks: ["pkce", "state", "nonce"],
  };
}

/**
 * The analyst an OIDC identity maps to, in a new session, or null. Asks `POST /api/v1/analysts/resolve`
 * with the console's service token; an API that refuses that call (or is down) means no SSO sign-in, never a guess.
 */
export async function analystForOidcProfile(
  profile: { email?: unknown; email_verified?: unknown } | undefined,
): Promise<SessionAnalyst | null> {
  const email = typeof profile?.email === "string" ? profile.email.trim().toLowerCase() : "";
  // An unverified address could be anyone's; providers that omit the claim are trusted as verified.
  if (email === "" || profile?.email_verified === false) return null;
  let match;
  try {
    match = await resolveAnalystByEmail(email, { timeoutMs: 5_000 });
  } catch (error) {
    console.error("[argus-console] SSO sign-in refused: the API did not resolve the analyst for the console token.", describe(error));
    return null;
  }
  return match && !match.analyst.disabled ? sessionAnalystOf(match) : null;
}

function describe(error: unknown): string {
  if (error && typeof error === "object" && "code" in error) {
    const { code, requestId } = error as { code?: string; requestId?: string };
    return `code=${code ?? "?"} request_id=${requestId ?? "-"}`;
  }
  return "unexpected error";
}
