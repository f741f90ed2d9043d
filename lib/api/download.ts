import "server-only";

import { getActiveEnvironment } from "../auth/environment";
import { getSessionAnalyst } from "../auth/guards";
import { hasRole } from "../auth/roles";
import { roleLabels } from "../format/analyst";
import type { AnalystRole } from "./wire";
import { toSafeError } from "./errors";
import type { SessionAnalyst } from "../auth/session-analyst";
import type { ConsoleEnvironment } from "../schemas/environment";

// The console's file downloads (case export, audit log) are route handlers: the browser saves
// their answer. They check the session and role themselves (no page guard runs for a route) and
// answer a refusal as the console's safe error in JSON, which the download form shows.

const NO_STORE = { "cache-control": "no-store" };

export async function signedInFor(minimum: AnalystRole): Promise<{ analyst: SessionAnalyst; environment: ConsoleEnvironment } | Response> {
  const analyst = await getSessionAnalyst();
  if (!analyst)
    return Response.json({ error: { message: "Your session has ended. Sign in again to continue." } }, { status: 401, headers: NO_STORE });
  if (!hasRole(analyst.role, minimum)) {
    return Response.json(
      { error: { message: `Only a ${roleLabels[minimum].toLowerCase()} may do this.` } },
      { status: 403, headers: NO_STORE },
    );
  }
  return { analyst, environment: await getActiveEnvironment(analyst.id) };
}

export function downloadRefusal(error: unknown): Response {
  const safe = toSafeError(error);
  if (safe.status === undefined || safe.status >= 500)
    console.error("[argus-console] download failed:", safe.code ?? "error", safe.requestId ?? "-");
  return Response.json({ error: safe }, { status: safe.status && safe.status >= 400 ? safe.status : 502, headers: NO_STORE });
}

/** A file name without quotes, slashes or other characters a Content-Disposition header trips on. */
export const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, "_");
