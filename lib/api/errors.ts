import "server-only";

import type { SafeError } from "../schemas/safe-error";

/**
 * A failed call to the Argus API, or a failure to reach it. `code` is the API's error code
 * (`resource_not_found`, `UNAUTHORIZED`…) or one of the console's own, for failures the API never
 * saw: `api_unreachable`, `api_timeout`, `invalid_response`, `console_not_configured`.
 * The message never contains a key, the console secret or the API's address.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly param?: string;
  readonly requestId?: string;
  readonly docUrl?: string;
  /** Seconds to wait before retrying, from `Retry-After` (sent with 429). */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    param?: string;
    requestId?: string;
    docUrl?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.param = init.param;
    this.requestId = init.requestId;
    this.docUrl = init.docUrl;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The API answered and refused the credentials (bad or revoked key, expired console token). */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

type ErrorBody = {
  error?: { code?: unknown; message?: unknown; request_id?: unknown; param?: unknown; doc_url?: unknown; docs_url?: unknown };
};

const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * Builds the error of a non-2xx answer. Both error shapes of the API are read (standard `doc_url`
 * and Surface B's upper-case `docs_url`); a body that is neither still yields a usable error,
 * with the request id from the `Request-Id` header every response carries.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  requestIdHeader: string | null,
  retryAfterHeader?: string | null,
): ApiError {
  const error = (typeof body === "object" && body !== null ? (body as ErrorBody).error : undefined) ?? {};
  const retryAfter = retryAfterHeader && /^\d{1,6}$/.test(retryAfterHeader.trim()) ? Number(retryAfterHeader.trim()) : undefined;
  return new ApiError({
    status,
    code: str(error.code) ?? `http_${status}`,
    message: str(error.message) ?? `The Argus API answered HTTP ${status}.`,
    param: str(error.param),
    requestId: str(error.request_id) ?? requestIdHeader ?? undefined,
    docUrl: str(error.doc_url) ?? str(error.docs_url),
    retryAfterSeconds: retryAfter,
  });
}

const GENERIC_MESSAGE =
  "Something went wrong in the console. Try again; if it keeps failing, ask an administrator to check the console's log.";

/**
 * What an analyst may see of any error: API errors keep their message (the API writes them for
 * clients) and request id; anything else (a bug, a library error) becomes a generic message, so
 * internals never reach the browser.
 */
export function toSafeError(error: unknown): SafeError {
  if (error instanceof ApiError) {
    const safe: SafeError = { message: error.message, code: error.code, status: error.status };
    if (error.requestId) safe.requestId = error.requestId;
    if (error.param) safe.param = error.param;
    return safe;
  }
  return { message: GENERIC_MESSAGE, code: "console_error", status: 500 };
}
