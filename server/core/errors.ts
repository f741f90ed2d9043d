// The error catalogue: every code the API returns, its status and what it means. The API
// reference page (/docs/errors) is generated from this table, and `doc_url` points into it.
export const errorCatalogue = {
  invalid_api_key: [401, "The API key is missing, malformed, revoked, or belongs to the other environment."],
  UNAUTHORIZED: [401, "Surface B: the credential header is missing or malformed, or the key is invalid or revoked."],
  insufficient_permissions: [403, "The key is valid but its scopes do not permit this endpoint."],
  FORBIDDEN: [403, "Surface B: the credential is valid but not permitted here (for example an API key on a dashboard route)."],
  missing_required_field: [400, "A required field is absent. `param` names it (dotted path, case-sensitive)."],
  invalid_field_value: [400, "A value is out of range, of the wrong type, or not one of the allowed values. `param` names it."],
  invalid_json: [400, "The body is not valid JSON, not a JSON object, or nests objects and arrays more than 64 levels deep."],
  request_too_large: [413, "The request body is larger than 1 MB."],
  resource_not_found: [404, "No resource with that id exists in this account and environment, or the path is wrong."],
  idempotency_conflict: [409, "This Idempotency-Key was already used with a different request (another body, or another endpoint)."],
  idempotency_in_progress: [
    409,
    "Surface B: a request with this X-Idempotency-Key is already in progress. Retry with backoff and the same key.",
  ],
  idempotency_not_replayable: [
    409,
    "Surface B: the stored response for this X-Idempotency-Key can no longer be replayed; the transaction is already scored. Use a new key.",
  ],
  idempotency_key_reused: [
    422,
    "Surface B: this X-Idempotency-Key was used with a different payload, or on the other of analyze and analyze/sandbox. Use a new key per distinct transaction.",
  ],
  version_conflict: [
    409,
    "The resource changed since the version named in If-Match. Read it again (its ETag is the current version) and redo the change.",
  ],
  CONFLICT: [409, "Surface B: the resource changed since the version named in If-Match. Read it again and redo the change."],
  approval_decided: [409, "The approval was already approved, rejected or failed; only a pending approval can be decided."],
  quality_review_completed: [409, "The quality review already has its second resolution; a review is given once."],
  saved_view_name_taken: [409, "The analyst already has a saved view of that name on that queue (names are compared ignoring case)."],
  invalid_state_transition: [422, "The requested change is not allowed from the resource's current state."],
  unprocessable: [422, "The request is well formed but conflicts with the current state of the account."],
  rate_limit_exceeded: [429, "Too many requests in the rolling one-minute window. Wait `Retry-After` seconds."],
  internal_error: [500, "An unexpected error on our side. Retry with exponential backoff and quote the request id."],
  service_unavailable: [503, "A temporary problem (for example the database is unreachable). Retry with exponential backoff."],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof errorCatalogue;

/** A failure to report to the client in the specified error shape. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorCatalogue[code][0];
  }
}

export const notFound = (what: string, param?: string) => new ApiError("resource_not_found", `No such ${what}.`, param);
