import "server-only";

import { type Analyst, type AnalystSession, type ListPage } from "./wire";
import { AnalystSchema, AnalystSessionSchema, AnalystListSchema } from "./wire-schemas";
import type { CreateAnalystInput, UpdateAnalystInput } from "../schemas/analyst";
import { dashboard, type DashboardActor } from "./client";
import { ApiError } from "./errors";

// Analysts live once per account, not per environment; the console always asks the production
// listener so sign-in does not depend on which environment an analyst last looked at.
const ANALYST_ENV = "production" as const;

/**
 * Signs an analyst of the console's account in with the API, which starts a session. `null` for
 * wrong credentials *and* for a locked account: the API's lockout message would tell a stranger
 * the e-mail exists.
 */
export async function authenticateAnalyst(email: string, password: string): Promise<AnalystSession | null> {
  try {
    return await dashboard(ANALYST_ENV, "console", "/api/v1/analysts/authenticate", {
      method: "POST",
      body: { email, password },
      schema: AnalystSessionSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return null;
    throw error;
  }
}

/** Starts a session for the enabled analyst of an e-mail the identity provider proved (single sign-on), or null. */
export async function resolveAnalystByEmail(email: string, options: { timeoutMs?: number } = {}): Promise<AnalystSession | null> {
  try {
    return await dashboard(ANALYST_ENV, "console", "/api/v1/analysts/resolve", {
      method: "POST",
      body: { email },
      schema: AnalystSessionSchema,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The analyst's session while it is live (with their current role), or null once it has ended. */
export async function currentSession(
  actor: Exclude<DashboardActor, "console">,
  options: { timeoutMs?: number } = {},
): Promise<AnalystSession | null> {
  try {
    return await dashboard(ANALYST_ENV, actor, "/api/v1/analysts/session", { schema: AnalystSessionSchema, timeoutMs: options.timeoutMs });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Signs out: every token of the session is refused from then on. Already ended is fine. */
export async function endSession(actor: Exclude<DashboardActor, "console">): Promise<void> {
  try {
    await dashboard(ANALYST_ENV, actor, "/api/v1/analysts/session", { method: "DELETE", schema: AnalystSessionSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

export async function listAnalysts(actor: DashboardActor, options: { timeoutMs?: number } = {}): Promise<ListPage<Analyst>> {
  return dashboard(ANALYST_ENV, actor, "/api/v1/analysts", { schema: AnalystListSchema, timeoutMs: options.timeoutMs });
}

export async function createAnalyst(actor: DashboardActor, input: CreateAnalystInput): Promise<Analyst> {
  return dashboard(ANALYST_ENV, actor, "/api/v1/analysts", { method: "POST", body: input, schema: AnalystSchema });
}

/** A new role or disabling ends the analyst's sessions at once (the API does it). */
export async function updateAnalyst(actor: DashboardActor, id: string, change: UpdateAnalystInput): Promise<Analyst> {
  return dashboard(ANALYST_ENV, actor, `/api/v1/analysts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: change,
    schema: AnalystSchema,
  });
}
