import { createLoader, parseAsString } from "nuqs/server";
import { cursorStackParser } from "./search-params";

// The recent-transactions list, in the URL: an optional user filter and the cursor stack, so
// reload, back and shared links show the same page.
export const transactionListSearchParams = {
  user_id: parseAsString,
  cursor: cursorStackParser,
};

export const loadTransactionListParams = createLoader(transactionListSearchParams);
