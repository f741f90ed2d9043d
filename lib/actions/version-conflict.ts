import "server-only";

import { returnServerError } from "next-safe-action";
import { ApiError, toSafeError } from "../api/errors";
import { isVersionConflictCode, type SafeError } from "../schemas/safe-error";

// Versioned writes from server actions (server/README.md, versions): the console sends the
// version the analyst saw as If-Match. When the API answers 409, the action reads the object as it
// is now and tells the analyst, in words, what changed, with the version to redo their change on.

/** The object as it is now: its version and what changed since what the analyst saw. */
export type CurrentState = { version: number; changes: string[] };

/**
 * Runs a versioned write. On a version conflict, `describe` reads the current object; the action
 * then ends with a `version_conflict` server error carrying it (SafeError.conflict).
 */
export async function writeOrConflict<T>(write: () => Promise<T>, describe: () => Promise<CurrentState>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409 || !isVersionConflictCode(error.code)) throw error;
    return returnServerError<SafeError>(await conflictError(error, describe));
  }
}

/** The safe error of a version conflict, with what changed; for per-item results of bulk actions too. */
export async function conflictError(error: ApiError, describe: () => Promise<CurrentState>): Promise<SafeError> {
  const base = toSafeError(error);
  let current: CurrentState;
  try {
    current = await describe();
  } catch {
    // The object could not be read again (deleted meanwhile?): the API's own message says enough.
    return base;
  }
  const what = current.changes.length > 0 ? current.changes.join(" ") : "Someone else changed it.";
  return {
    ...base,
    code: "version_conflict",
    message: `This changed while you were looking at it. ${what}`,
    conflict: { currentVersion: current.version, changes: current.changes },
  };
}
