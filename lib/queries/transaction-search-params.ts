import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { cursorStackParser } from "./search-params";

/** Which scores the list shows: every score, only those the engine blocked, or the Needs review queue. */
export const transactionListShows = ["all", "blocked", "review"] as const;
export type TransactionListShow = (typeof transactionListShows)[number];

// The recent-transactions list, in the URL: what it shows, an optional user filter and the
// cursor stack, so reload, back and shared links show the same page.
export const transactionListSearchParams = {
  show: parseAsStringLiteral(transactionListShows).withDefault("all"),
  user_id: parseAsString,
  cursor: cursorStackParser,
};

export const loadTransactionListParams = createLoader(transactionListSearchParams);
