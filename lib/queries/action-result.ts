import type { SafeError } from "../schemas/safe-error";

// Server actions answer `{ data }`, `{ serverError }` or `{ validationErrors }` (next-safe-action).
// TanStack Query wants a value or a thrown error: this turns one into the other, keeping the
// API's request id so error states can show it.

export class ActionFailure extends Error implements SafeError {
  override readonly name = "ActionFailure";
  readonly requestId?: string;
  readonly code?: string;
  readonly status?: number;
  readonly param?: string;

  constructor(error: SafeError) {
    super(error.message);
    this.requestId = error.requestId;
    this.code = error.code;
    this.status = error.status;
    this.param = error.param;
  }

  toSafeError(): SafeError {
    return { message: this.message, requestId: this.requestId, code: this.code, status: this.status, param: this.param };
  }
}

export function isActionFailure(error: unknown): error is ActionFailure {
  return error instanceof ActionFailure;
}

type ActionResult<T> = { data?: T; serverError?: SafeError; validationErrors?: unknown } | undefined;

export function unwrapAction<T>(result: ActionResult<T>): T {
  if (result?.serverError) throw new ActionFailure(result.serverError);
  if (result?.validationErrors)
    throw new ActionFailure({
      message: "The console sent a request it should not have. Reload the page.",
      code: "invalid_input",
      status: 400,
    });
  if (result === undefined || result.data === undefined) {
    throw new ActionFailure({ message: "The console did not answer. Reload the page.", code: "no_response", status: 500 });
  }
  return result.data;
}

/** Any error as a SafeError, for error states (unknown errors get a generic message). */
export function safeErrorOf(error: unknown): SafeError {
  if (error instanceof ActionFailure) return error.toSafeError();
  return { message: "Something went wrong. Reload the page and try again." };
}
