import "server-only";

import type { JWT } from "next-auth/jwt";
import { listAnalysts } from "../api/analysts";
import { ApiError } from "../api/errors";

// A session outlives changes made to the analyst: a demotion, a disabled account. The API rereads
// the role on every dashboard call, but Surface A calls go out with the console's key, so the
// console's own role checks must not trust a stale session. Every few minutes the session is
// checked against the API: a disabled or deleted analyst is signed out, a new role applies.

export const RECHECK_AFTER_MS = 5 * 60 * 1000;

export async function refreshSessionToken(token: JWT, nowMs: number): Promise<JWT | null> {
  const id = token.sub;
  if (!id) return null;
  try {
    const analysts = await listAnalysts(
      { id, role: typeof token.role === "string" ? token.role : undefined, accountId: typeof token.accountId === "string" ? token.accountId : undefined },
      { timeoutMs: 3_000 },
    );
    const me = analysts.data.find((a) => a.id === id);
    if (!me || me.disabled) return null;
    return { ...token, name: me.name, email: me.email, role: me.role, checkedAt: nowMs };
  } catch (error) {
    // The API refuses this analyst's token: disabled or deleted since sign-in.
    if (error instanceof ApiError && error.status === 401) return null;
    // Unreachable or failing API: keep the session (nothing works without the API anyway) and
    // try again after the next interval rather than on every request.
    return { ...token, checkedAt: nowMs };
  }
}
