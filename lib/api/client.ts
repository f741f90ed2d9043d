import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { resolveTarget, targetLabel } from "./config";
import { openStream, sendRequest, type RequestOptions } from "./http";
import { mintConsoleToken, type TokenSubject } from "./token";

// The console's three ways to call the API, one per credential (server/README.md, keys and
// accounts). The environment picks the listener and the key: production → ARGUS_API_URL with the
// live key, pre-production → ARGUS_SANDBOX_API_URL with the test key.

/** The signed-in analyst a dashboard call is made for, in their session (never from the browser). */
export type DashboardActor = { id: string; sessionId: string } | "console";

/** Surface A (`/v1/...`): `Authorization: Bearer <API key>`. */
export async function apiA<T = unknown>(environment: ConsoleEnvironment, path: string, options?: RequestOptions<T>): Promise<T> {
  const target = await resolveTarget(environment);
  return sendRequest<T>(
    { baseUrl: target.baseUrl, label: targetLabel(environment) },
    path,
    { Authorization: `Bearer ${target.key}` },
    options,
  );
}

/** Surface B API-key routes (`/api/v1/analyze`, verifications): `X-Api-Key`. */
export async function apiB<T = unknown>(environment: ConsoleEnvironment, path: string, options?: RequestOptions<T>): Promise<T> {
  const target = await resolveTarget(environment);
  return sendRequest<T>({ baseUrl: target.baseUrl, label: targetLabel(environment) }, path, { "X-Api-Key": target.key }, options);
}

/** Surface B dashboard routes (`/api/v1/api-keys`, analysts, policies): a fresh console JWT. */
async function dashboardCall(environment: ConsoleEnvironment, actor: DashboardActor) {
  const target = await resolveTarget(environment);
  // Always the account this console serves: the API refuses an analyst's session of another one.
  const subject: TokenSubject =
    actor === "console"
      ? { kind: "console", accountId: target.accountId }
      : { kind: "analyst", id: actor.id, sessionId: actor.sessionId, accountId: target.accountId };
  const token = await mintConsoleToken(target.secret, subject);
  return { target: { baseUrl: target.baseUrl, label: targetLabel(environment) }, headers: { Authorization: `Bearer ${token}` } };
}

export async function dashboard<T = unknown>(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  path: string,
  options?: RequestOptions<T>,
): Promise<T> {
  const call = await dashboardCall(environment, actor);
  return sendRequest<T>(call.target, path, call.headers, options);
}

/** A dashboard GET whose body is passed on as it streams (the audit log's NDJSON). */
export async function dashboardStream(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  path: string,
  options?: Pick<RequestOptions, "query" | "signal">,
): Promise<Response> {
  const call = await dashboardCall(environment, actor);
  return openStream(call.target, path, call.headers, options);
}
