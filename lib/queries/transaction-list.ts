import type { TransactionSummary } from "../format/transaction";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { SafeError } from "../schemas/safe-error";
import { ActionFailure } from "./action-result";
import type { TransactionListShow } from "./transaction-search-params";

// The recent-transactions list (and the Needs review queue) as the view reads it after the first
// page: GET /api/transactions, a console route that holds the API key server-side
// (app/api/transactions/route.ts). Filters and pages change without a server render of the page.

/** What one read of the list answers: a page of rows, and when it was read (for "N new"). */
export type TransactionListAnswer = {
  environment: ConsoleEnvironment;
  /** Taken before the read: whatever is created from then on counts as new. */
  listed_at: string;
  data: TransactionSummary[];
  has_more: boolean;
  next_cursor: string | null;
};

export type TransactionListQuery = { show: TransactionListShow; userId: string | null; after: string | undefined };

/** The route's address for a query (the same parameters as the page's URL, `after` for the cursor). */
export function transactionListPath({ show, userId, after }: TransactionListQuery): string {
  const search = new URLSearchParams({ show });
  if (userId) search.set("user_id", userId);
  if (after) search.set("after", after);
  return `/api/transactions?${search.toString()}`;
}

/** Reads a page through the console's route; a refusal or failure is thrown as an ActionFailure. */
export async function fetchTransactionList(query: TransactionListQuery, signal?: AbortSignal): Promise<TransactionListAnswer> {
  let res: Response;
  try {
    res = await fetch(transactionListPath(query), { signal, headers: { accept: "application/json" }, cache: "no-store" });
  } catch (failure) {
    if (signal?.aborted) throw failure;
    throw new ActionFailure({ message: "The console did not answer. Check the connection and try again.", code: "console_unreachable" });
  }
  const body = (await res.json().catch(() => null)) as { error?: SafeError } | TransactionListAnswer | null;
  if (!res.ok || body === null || !("data" in body) || !Array.isArray(body.data)) {
    const error = body && "error" in body && body.error ? body.error : null;
    throw new ActionFailure(
      error ?? {
        message:
          res.status === 401 ? "Your session has ended. Sign in again to continue." : "The console answered unexpectedly. Reload the page.",
        status: res.status,
      },
    );
  }
  return body;
}
