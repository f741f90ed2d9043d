import "server-only";

import type { z } from "zod";
import { ApiError, errorFromResponse } from "./errors";

// The one place the console performs HTTP against the Argus API. Everything above it (apiA,
// apiB, dashboard) only decides the credential header. Rules kept here:
//  - the credential goes only to the configured listener: absolute or protocol-relative paths
//    are refused, and redirects are not followed but reported (one would carry the key along);
//  - every call has a timeout, so a hung API cannot hold a page render forever;
//  - failures become ApiError with the API's code and request id, or a console code when the
//    API never answered; messages name the environment, never the address or the key.

export const DEFAULT_TIMEOUT_MS = 10_000;

type QueryValue = string | number | boolean | null | undefined | readonly string[];

export type RequestOptions<T = unknown> = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Appended to the URL; undefined and null are left out, arrays repeat the parameter. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** `Idempotency-Key` (Surface A) for creating calls the user may retry. */
  idempotencyKey?: string;
  /** `If-Match: "<version>"`: the write applies only to the version the analyst saw (409 otherwise). */
  ifMatch?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Validates the answer; a mismatch is an `invalid_response` error instead of a wrong type. */
  schema?: z.ZodType<T>;
};

export type HttpTarget = { baseUrl: string; label: string };

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): URL {
  if (!path.startsWith("/") || path.startsWith("//")) {
    throw new Error(`API paths must start with a single "/": ${JSON.stringify(path)}`);
  }
  const base = new URL(baseUrl);
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}${path}`);
  if (url.origin !== base.origin) throw new Error("API path escapes the configured listener.");
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
    else url.searchParams.set(name, String(value));
  }
  return url;
}

export async function sendRequest<T>(
  target: HttpTarget,
  path: string,
  credentialHeaders: Record<string, string>,
  options: RequestOptions<T> = {},
): Promise<T> {
  const url = buildUrl(target.baseUrl, path, options.query);
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers, ...credentialHeaders };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.ifMatch !== undefined) headers["If-Match"] = `"${options.ifMatch}"`;

  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal,
      redirect: "manual",
      cache: "no-store",
    });
  } catch (error) {
    throw transportError(error, target, timeout);
  }

  const requestId = response.headers.get("request-id");
  if (response.status >= 300 && response.status < 400) {
    // Never followed: the credential header would go wherever the Location points.
    throw new ApiError({
      status: 502,
      code: "unexpected_redirect",
      message: `${capitalise(target.label)} answered with a redirect. Check ARGUS_API_URL / ARGUS_SANDBOX_API_URL (a proxy in front of the API?).`,
      requestId: requestId ?? undefined,
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error, target, timeout, requestId);
  }
  const parsed = parseJson(text);

  if (!response.ok)
    throw errorFromResponse(response.status, parsed.ok ? parsed.value : undefined, requestId, response.headers.get("retry-after"));
  if (response.status === 204 || text === "") return undefined as T;
  if (!parsed.ok) {
    throw new ApiError({
      status: 502,
      code: "invalid_response",
      message: `${capitalise(target.label)} answered with something other than JSON.`,
      requestId: requestId ?? undefined,
    });
  }
  if (!options.schema) return parsed.value as T;
  const checked = options.schema.safeParse(parsed.value);
  if (!checked.success) {
    throw new ApiError({
      status: 502,
      code: "invalid_response",
      message: `${capitalise(target.label)} answered in a shape this console does not understand (${checked.error.issues[0]?.path.join(".") || "body"}). Are the console and the API the same version?`,
      requestId: requestId ?? undefined,
    });
  }
  return checked.data;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function transportError(error: unknown, target: HttpTarget, timeout: AbortSignal, requestId?: string | null): ApiError {
  // The caller's own abort (navigation away) is not the API's fault: keep it distinguishable.
  if (timeout.aborted) {
    return new ApiError({
      status: 504,
      code: "api_timeout",
      message: `${capitalise(target.label)} did not answer in time.`,
      requestId: requestId ?? undefined,
    });
  }
  if (error instanceof Error && error.name === "AbortError") {
    return new ApiError({ status: 499, code: "request_aborted", message: "The request was cancelled." });
  }
  return new ApiError({
    status: 502,
    code: "api_unreachable",
    message: `${capitalise(target.label)} could not be reached. Is it running?`,
    requestId: requestId ?? undefined,
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A GET whose answer is passed on as it arrives (the audit log's NDJSON): the timeout covers the
 * wait for the headers only, since a year of entries may take longer to stream than any timeout.
 * A refusal is read whole and thrown as ApiError, like sendRequest's.
 */
export async function openStream(
  target: HttpTarget,
  path: string,
  credentialHeaders: Record<string, string>,
  options: Pick<RequestOptions, "query" | "timeoutMs" | "signal"> = {},
): Promise<Response> {
  const url = buildUrl(target.baseUrl, path, options.query);
  const headers: Record<string, string> = { Accept: "application/x-ndjson, application/json", ...credentialHeaders };
  const controller = new AbortController();
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onTimeout = () => controller.abort(timeout.reason);
  timeout.addEventListener("abort", onTimeout);
  options.signal?.addEventListener("abort", () => controller.abort(options.signal?.reason));
  let response: Response;
  try {
    response = await fetch(url, { method: "GET", headers, signal: controller.signal, redirect: "manual", cache: "no-store" });
  } catch (error) {
    throw transportError(error, target, timeout);
  } finally {
    timeout.removeEventListener("abort", onTimeout);
  }
  const requestId = response.headers.get("request-id");
  if (response.ok) return response;
  const text = await response.text().catch(() => "");
  const parsed = parseJson(text);
  if (response.status >= 300 && response.status < 400) {
    throw new ApiError({
      status: 502,
      code: "unexpected_redirect",
      message: `${capitalise(target.label)} answered with a redirect.`,
      requestId: requestId ?? undefined,
    });
  }
  throw errorFromResponse(response.status, parsed.ok ? parsed.value : undefined, requestId, response.headers.get("retry-after"));
}
