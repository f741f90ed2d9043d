import "server-only";

import { listAlerts } from "./alerts";
import { listCases } from "./cases";
import { listScreenings } from "./screenings";
import { listTransactions, type TransactionListFilters } from "./transactions";
import { alertFiltersOf, loadAlertQueueParams } from "../queries/alert-search-params";
import { caseFiltersOf, loadCaseQueueParams } from "../queries/case-search-params";
import { loadScreeningQueueParams, screeningFiltersOf } from "../queries/screening-search-params";
import { loadTransactionListParams } from "../queries/transaction-search-params";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { NewItemsQueue } from "../schemas/new-items";

/** Ids of a queue's items created at or after `since` (newest first, at most `NEW_ITEMS_LIMIT`). */
export type NewItemsPage = { ids: string[]; has_more: boolean };

/** One list call per check: a count past this shows as "100+ new". */
export const NEW_ITEMS_LIMIT = 100;

const page = { limit: NEW_ITEMS_LIMIT };

/**
 * What arrived in a queue since it was read: the queue's own filters, read from the same URL
 * parameters its page reads, narrowed to items created at or after `since`. Every list answers
 * newest first here, whatever order the queue shows, so the newest arrivals are the ones counted.
 */
export async function listNewQueueItems(
  environment: ConsoleEnvironment,
  queue: NewItemsQueue,
  search: string,
  since: string,
): Promise<NewItemsPage> {
  const params = new URLSearchParams(search);
  switch (queue) {
    case "transactions": {
      const p = loadTransactionListParams(params);
      const filters: TransactionListFilters =
        p.show === "review" ? { review: "pending" } : p.show === "blocked" ? { decision: "block" } : {};
      const found = await listTransactions(environment, { ...filters, user_id: p.user_id?.trim() || undefined, start_time: since }, page);
      return { ids: found.data.map((t) => t.transaction_id), has_more: found.has_more };
    }
    case "cases": {
      const found = await listCases(environment, { ...caseFiltersOf(loadCaseQueueParams(params)), start_time: since }, page);
      return { ids: found.data.map((c) => c.case_id), has_more: found.has_more };
    }
    case "alerts": {
      const { sort: _sort, ...filters } = alertFiltersOf(loadAlertQueueParams(params));
      // The later of the analyst's own start day and the moment the queue was read.
      const start = filters.start_time && new Date(filters.start_time) > new Date(since) ? filters.start_time : since;
      const found = await listAlerts(environment, { ...filters, start_time: start }, page);
      return { ids: found.data.map((a) => a.alert_id), has_more: found.has_more };
    }
    case "screenings": {
      const found = await listScreenings(
        environment,
        { ...screeningFiltersOf(loadScreeningQueueParams(params)), order: "desc", start_time: since },
        page,
      );
      return { ids: found.data.map((s) => s.screening_id), has_more: found.has_more };
    }
  }
}
