import "server-only";

import { AnalystSchema, type Analyst, type CreateAnalystInput } from "../schemas/analyst";
import { listSchema, type ListPage } from "../schemas/list";
import { dashboard, type DashboardActor } from "./client";
import { ApiError } from "./errors";

// Analysts live once per account, not per environment; the console always asks the production
// listener so sign-in does not depend on which environment an analyst last looked at.
const ANALYST_ENV = "production" as const;

const AnalystListSchema = listSchema(AnalystSchema);

/**
 * Checks an e-mail and password with the API. `null` for wrong credentials *and* for a locked
 * account: the API's lockout message would tell a stranger the e-mail exists.
 */
export async function authenticateAnalyst(email: string, password: string): Promise<Analyst | null> {
  try {
    return await dashboard(ANALYST_ENV, "console", "/api/v1/analysts/authenticate", {
      method: "POST",
      body: { email, password },
      schema: AnalystSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return null;
    throw error;
  }
}

/** The enabled analyst of an e-mail the identity provider proved (single sign-on), or null. */
export async function resolveAnalystByEmail(email: string, options: { timeoutMs?: number } = {}): Promise<Analyst | null> {
  try {
    return await dashboard(ANALYST_ENV, "console", "/api/v1/analysts/resolve", {
      method: "POST",
      body: { email },
      schema: AnalystSchema,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function listAnalysts(actor: DashboardActor, options: { timeoutMs?: number } = {}): Promise<ListPage<Analyst>> {
  return dashboard(ANALYST_ENV, actor, "/api/v1/analysts", { schema: AnalystListSchema, timeoutMs: options.timeoutMs });
}

export async function createAnalyst(actor: DashboardActor, input: CreateAnalystInput): Promise<Analyst> {
  return dashboard(ANALYST_ENV, actor, "/api/v1/analysts", { method: "POST", body: input, schema: AnalystSchema });
}
