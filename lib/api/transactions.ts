import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { type ListPage, type Transaction, type TransactionEvent, type ListedTransaction } from "./wire";
import { TransactionSchema, EventListSchema, TransactionListSchema } from "./wire-schemas";
import { apiA } from "./client";

// Transactions are Surface A resources: `GET /v1/transactions/{id}` (an Argus addition: the
// assessment with its explanation and decision chain) and, for the evidence trail and the list of
// recent scores, the event log `GET /v1/events`. The console's general event search
// has its own reader (lib/api/events.ts); this one reads only what the transaction pages need.

export async function getTransaction(
  environment: ConsoleEnvironment,
  id: string,
  options: { timeoutMs?: number } = {},
): Promise<Transaction> {
  return apiA(environment, `/v1/transactions/${encodeURIComponent(id)}`, { schema: TransactionSchema, timeoutMs: options.timeoutMs });
}

/** The evidence trail of one transaction, newest first. */
export async function listTransactionEvents(
  environment: ConsoleEnvironment,
  transactionId: string,
  page: PageParams = {},
): Promise<ListPage<TransactionEvent>> {
  return apiA(environment, "/v1/events", {
    query: { transaction_id: transactionId, limit: page.limit, after: page.after },
    schema: EventListSchema,
  });
}

/**
 * Recent scores, newest first: the environment's `transaction.scored` events, or with `blocked`
 * its `transaction.blocked` ones (written with the score when the engine blocked it). A challenge
 * has no event of its own, so the log can list blocks but not challenges.
 */
export async function listScoredTransactions(
  environment: ConsoleEnvironment,
  filters: { user_id?: string; blocked?: boolean },
  page: PageParams = {},
): Promise<ListPage<TransactionEvent>> {
  return apiA(environment, "/v1/events", {
    query: {
      event_type: filters.blocked ? "transaction.blocked" : "transaction.scored",
      user_id: filters.user_id,
      limit: page.limit,
      after: page.after,
    },
    schema: EventListSchema,
  });
}

export type TransactionListFilters = {
  review?: "pending" | "decided";
  decision?: "allow" | "challenge" | "block";
  label?: "legit" | "fraud";
  user_id?: string;
  min_score?: number;
  max_score?: number;
  start_time?: string;
  end_time?: string;
  /** `asc`: oldest first (the review queue); the API's default is newest first. */
  order?: "asc" | "desc";
};

/** `GET /v1/transactions` (server/domain/scoring/README.md, "Transactions list"). */
export async function listTransactions(
  environment: ConsoleEnvironment,
  filters: TransactionListFilters,
  page: PageParams = {},
): Promise<ListPage<ListedTransaction>> {
  return apiA(environment, "/v1/transactions", {
    query: { ...filters, limit: page.limit, after: page.after },
    schema: TransactionListSchema,
  });
}

/**
 * The pending transaction after `current` in the review queue's order (oldest first; ties by id
 * as the API breaks them), else the oldest still pending; null when the queue is empty.
 */
export async function nextPendingTransaction(
  environment: ConsoleEnvironment,
  current: { transaction_id: string; created_at: string },
): Promise<string | null> {
  const later = await listTransactions(environment, { review: "pending", order: "asc", start_time: current.created_at }, { limit: 10 });
  const after = later.data.find(
    (t) => t.transaction_id !== current.transaction_id && (t.created_at > current.created_at || t.transaction_id > current.transaction_id),
  );
  if (after) return after.transaction_id;
  const oldest = await listTransactions(environment, { review: "pending", order: "asc" }, { limit: 2 });
  return oldest.data.find((t) => t.transaction_id !== current.transaction_id)?.transaction_id ?? null;
}

/** How many assessments one page reads at once: bounded, so a long case cannot fan out without end. */
export const SUMMARY_FETCH_LIMIT = 25;

/**
 * The assessments of several transactions, read in parallel (at most `SUMMARY_FETCH_LIMIT`).
 * A failed read leaves its entry out, so the caller falls back to what it already knows.
 */
export async function getTransactions(environment: ConsoleEnvironment, ids: readonly string[]): Promise<Map<string, Transaction>> {
  const unique = [...new Set(ids)].slice(0, SUMMARY_FETCH_LIMIT);
  const results = await Promise.allSettled(unique.map((id) => getTransaction(environment, id, { timeoutMs: 5000 })));
  const found = new Map<string, Transaction>();
  results.forEach((result, index) => {
    if (result.status === "fulfilled") found.set(unique[index] as string, result.value);
  });
  return found;
}
