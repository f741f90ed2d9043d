import { createHmac } from "node:crypto";

// next-auth encrypts the session cookie with AUTH_SECRET. When an operator has not set one, the
// console derives it from ARGUS_CONSOLE_SECRET (which `npm start` provides through console.env),
// so a fresh install needs no configuration. A derivation, not the secret itself: the session key
// and the key that signs API tokens stay distinct, and neither reveals the other.
// Rotating ARGUS_CONSOLE_SECRET (or setting AUTH_SECRET later) signs every analyst out.

const LABEL = "argus-console/next-auth-session/v1";

export function deriveAuthSecret(consoleSecret: string): string {
  return createHmac("sha256", consoleSecret).update(LABEL).digest("base64url");
}

/** AUTH_SECRET wins; otherwise the derived one; `undefined` when there is nothing to derive from. */
export function pickAuthSecret(authSecret: string | undefined, consoleSecret: string | undefined): string | undefined {
  if (authSecret && authSecret.trim() !== "") return authSecret;
  if (consoleSecret && consoleSecret.trim() !== "") return deriveAuthSecret(consoleSecret);
  return undefined;
}
