// What the browser may learn about a failed API call: a message fit for an analyst, and the ids
// needed to find the failure in the API's logs. Never the API's address, a key or a stack.
export type SafeError = {
  message: string;
  /** The API's `Request-Id` / `request_id`, when the API answered. */
  requestId?: string;
  /** The API's error code (`resource_not_found`, `FORBIDDEN`…) or a console code (`api_unreachable`). */
  code?: string;
  /** HTTP status the API answered with; 502-504 for console-side failures to reach it. */
  status?: number;
  /** The field the error is about, when the API named one (dotted path). */
  param?: string;
  /**
   * A write refused because the object changed since the version shown (409): what changed, in
   * words, and the version to redo the change on.
   */
  conflict?: VersionConflict;
};

export type VersionConflict = { currentVersion: number; changes: string[] };

export function isSafeError(value: unknown): value is SafeError {
  return typeof value === "object" && value !== null && typeof (value as SafeError).message === "string";
}

/** The API's answer to a write based on an old version (Surface A and Surface B codes). */
export function isVersionConflictCode(code: string | undefined): boolean {
  return code === "version_conflict" || code === "CONFLICT";
}
