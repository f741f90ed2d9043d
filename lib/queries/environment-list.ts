import { environmentLabels, type ConsoleEnvironment } from "../schemas/environment";
import type { SafeError } from "../schemas/safe-error";
import { safeErrorOf } from "./action-result";

/** The part of a TanStack query of an environment's list (read through a server action) used here. */
type EnvironmentListQuery<T> = {
  data: { environment: ConsoleEnvironment; data: T[] } | undefined;
  status: "pending" | "error" | "success";
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

/**
 * The rows and DataTable state of a list the view fetches itself. The action reads the active
 * environment from the session, so another tab that switched it makes the answer another
 * environment's: those rows are not shown, the table says why instead.
 */
export function environmentListState<T>(query: EnvironmentListQuery<T>, environment: ConsoleEnvironment, none: T[]) {
  const other = query.data !== undefined && query.data.environment !== environment ? query.data.environment : null;
  const error: SafeError | null = other
    ? { message: `The console switched to ${environmentLabels[other]} in another tab. Reload this page.` }
    : query.error
      ? safeErrorOf(query.error)
      : null;
  return {
    rows: query.data && !other ? query.data.data : none,
    table: {
      status: other ? ("error" as const) : query.status,
      error,
      isFetching: query.isFetching,
      onRetry: () => void query.refetch(),
    },
  };
}
