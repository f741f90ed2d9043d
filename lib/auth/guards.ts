import "server-only";

import { cache } from "react";
import { forbidden, redirect } from "next/navigation";
import { auth } from "../auth";
import { currentSession } from "../api/analysts";
import type { AnalystRole } from "../api/wire";
import { hasRole } from "./roles";
import { SessionAnalystSchema, sessionAnalystOf, type SessionAnalyst } from "./session-analyst";

// Server-side checks for pages, layouts and actions. The proxy already sends signed-out visitors
// to the sign-in page; these run again where the data is read, because a proxy matcher can miss
// a route and a server action can be called from anywhere (Next.js data-security guidance).

/**
 * The signed-in analyst, checked with the API on every request (once per request: React's cache):
 * the cookie names the API's session, which signing out, disabling the analyst or a new role ends
 * at once, whichever client still holds the cookie. Role and name come from the API's answer. An
 * unreachable API is an error (the page's error boundary says so), not a sign-out.
 */
export const getSessionAnalyst = cache(async (): Promise<SessionAnalyst | null> => {
  const claims = await getSessionClaims();
  if (!claims) return null;
  const live = await currentSession({ id: claims.id, sessionId: claims.sessionId }, { timeoutMs: 5_000 });
  return live ? sessionAnalystOf(live) : null;
});

/** What the session cookie claims, unconfirmed (no API call); once per request. */
export const getSessionClaims = cache(async (): Promise<SessionAnalyst | null> => {
  const parsed = SessionAnalystSchema.safeParse((await auth())?.user);
  return parsed.success ? parsed.data : null;
});

/**
 * The analyst id the session cookie names, or a redirect to the sign-in page, before the API has
 * confirmed the session: for a page that starts its reads beside `requireSession` and shows them
 * only once that has passed (the id chooses the environment cookie, never what may be read).
 */
export async function requireSessionClaims(): Promise<{ id: string }> {
  const claims = await getSessionClaims();
  if (!claims) redirect("/sign-in");
  return { id: claims.id };
}

/** The signed-in analyst, or a redirect to the sign-in page. */
export async function requireSession(): Promise<SessionAnalyst> {
  const analyst = await getSessionAnalyst();
  if (!analyst) redirect("/sign-in");
  return analyst;
}

/** The signed-in analyst if their role is at least `minimum`; otherwise the 403 page. */
export async function requireRole(minimum: AnalystRole): Promise<SessionAnalyst> {
  const analyst = await requireSession();
  if (!hasRole(analyst.role, minimum)) forbidden();
  return analyst;
}
