import "server-only";

import { summaryOfListedTransaction, summaryOfScoredEvent } from "../format/transaction";
import type { TransactionListAnswer, TransactionListQuery } from "../queries/transaction-list";
import type { ConsoleEnvironment } from "../schemas/environment";
import { getTransactions, listScoredTransactions, listTransactions } from "./transactions";

/** Rows a page of the transactions list shows. */
export const TRANSACTION_PAGE_SIZE = 20;

/**
 * One page of the transactions list, for the server page's first render and for the console's
 * route (app/api/transactions) that serves every later filter and page. Throws ApiError.
 */
export async function readTransactionList(environment: ConsoleEnvironment, query: TransactionListQuery): Promise<TransactionListAnswer> {
  // Taken before the read: whatever is created from now on counts as new (the "N new" notice).
  const listed_at = new Date().toISOString();
  const page = { limit: TRANSACTION_PAGE_SIZE, after: query.after };
  const user_id = query.userId ?? undefined;
  // Needs review: challenged or blocked by the engine, no analyst decision yet, oldest first.
  if (query.show === "review") {
    const listed = await listTransactions(environment, { review: "pending", order: "asc", user_id }, page);
    const data = listed.data.map(summaryOfListedTransaction);
    return { environment, listed_at, data, has_more: listed.has_more, next_cursor: listed.next_cursor };
  }
  // Otherwise the event log's `transaction.scored` entries (or `transaction.blocked` ones, for the
  // blocks alone); each row is completed with its assessment (amount, the decision in force),
  // read in parallel. A row whose assessment cannot be read still shows what its event says.
  const events = await listScoredTransactions(environment, { user_id, blocked: query.show === "blocked" }, page);
  const assessments = await getTransactions(
    environment,
    events.data.flatMap((event) => (event.transaction_id ? [event.transaction_id] : [])),
  );
  const data = events.data.map((event) => summaryOfScoredEvent(event, event.transaction_id ? assessments.get(event.transaction_id) : null));
  return { environment, listed_at, data, has_more: events.has_more, next_cursor: events.next_cursor };
}
