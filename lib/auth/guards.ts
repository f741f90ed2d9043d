import "server-only";

import { cookies } from "next/headers";

import { forbidden, redirect } from "next/navigation";
import { auth } from "../auth";
import type { AnalystRole } from "../schemas/analyst";
import { hasRole } from "./roles";
import { endedBySignOut, SIGNED_OUT_COOKIE } from "./signed-out";
import { SessionAnalystSchema, type SessionAnalyst } from "./session-analyst";

// Server-side checks for pages, layouts and actions. The proxy already sends signed-out visitors
// to the sign-in page; these run again where the data is read, because a proxy matcher can miss
// a route and a server action can be called from anywhere (Next.js data-security guidance).

export async function getSessionAnalyst(): Promise<SessionAnalyst | null> {
  const session = await auth();
  const marker = (await cookies()).get(SIGNED_OUT_COOKIE)?.value;
  if (endedBySignOut((session as { signedInAt?: unknown } | null)?.signedInAt, marker)) return null;
  const parsed = SessionAnalystSchema.safeParse(session?.user);
  return parsed.success ? parsed.data : null;
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
