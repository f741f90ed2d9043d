import "server-only";

import { getConsoleEnv, requireConsoleCredentials } from "../env";
import { environmentLabels, type ConsoleEnvironment } from "../schemas/environment";
import { ApiError } from "./errors";

/** Where and as whom the console calls one environment of the API. Server memory only. */
export type ApiTarget = {
  environment: ConsoleEnvironment;
  baseUrl: string;
  key: string;
  secret: string;
  /** The one account this console serves (its analysts alone may sign in; lib/auth/README.md). */
  accountId: string;
};

/**
 * Resolves the listener and credentials of an environment at call time: `console.env` may be
 * written (or rotated) by the API after the console started. A missing credential becomes an
 * ApiError naming the variables (never their values), shown to the analyst as "not configured".
 */
export async function resolveTarget(environment: ConsoleEnvironment): Promise<ApiTarget> {
  const env = getConsoleEnv();
  let credentials;
  try {
    credentials = await requireConsoleCredentials();
  } catch (error) {
    throw new ApiError({
      status: 503,
      code: "console_not_configured",
      message: error instanceof Error ? error.message : "The console has no credentials for the Argus API.",
    });
  }
  return {
    environment,
    baseUrl: environment === "production" ? env.apiUrl : env.sandboxApiUrl,
    key: environment === "production" ? credentials.liveKey : credentials.testKey,
    secret: credentials.secret,
    accountId: credentials.accountId,
  };
}

/** How errors name a listener to an analyst: by environment, never by address. */
export function targetLabel(environment: ConsoleEnvironment): string {
  return `the Argus API (${environmentLabels[environment].toLowerCase()})`;
}

/**
 * The last four characters of the key the console itself uses in an environment, so the API keys
 * page can mark it ("used by this console") before someone revokes it. The API shows every key's
 * last four anyway; the rest of the key never leaves this module's callers.
 */
export async function consoleKeyLastFour(environment: ConsoleEnvironment): Promise<string | null> {
  try {
    return (await resolveTarget(environment)).key.slice(-4);
  } catch {
    return null;
  }
}
