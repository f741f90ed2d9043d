"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { createContext, use, useMemo } from "react";
import { listNewQueueItemsAction } from "../actions/list-new-queue-items";
import { unwrapAction } from "../queries/action-result";
import { queryKeys } from "../queries/query-keys";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { NewItemsQueue } from "../schemas/new-items";
import { countNewItems, type NewItemsCheck, type NewItemsCount } from "./new-items";

/** Milliseconds between two checks (ARGUS_QUEUE_REFRESH_MS, provided by the console layout). */
export const QueueRefreshInterval = createContext(15_000);

type Options = {
  queue: NewItemsQueue;
  environment: ConsoleEnvironment;
  /** When the server page read the rows shown (its clock, ISO 8601 with milliseconds). */
  listedAt: string;
  /** Ids of the rows on screen. */
  shownIds: readonly string[];
};

/**
 * How many items arrived in a queue since its page was read, checked every interval while the tab
 * is visible. It only counts: the rows on screen, the page, the selection and the focus stay as
 * they are until the analyst asks for the new ones (NewItemsNotice). A new server render (after
 * "Show", or any refresh) brings a new `listedAt` and the count starts over.
 */
export function useNewItems({ queue, environment, listedAt, shownIds }: Options): NewItemsCount {
  const intervalMs = use(QueueRefreshInterval);
  const search = useSearchParams().toString();
  const shown = useMemo(() => new Set(shownIds), [shownIds]);
  const { data } = useQuery({
    queryKey: queryKeys.newItems(environment, queue, search, listedAt),
    queryFn: async (): Promise<NewItemsCheck> => unwrapAction(await listNewQueueItemsAction({ queue, search, since: listedAt })),
    // Nothing is new at the moment of reading: the first check waits one interval.
    initialData: { ids: [], has_more: false, environment },
    staleTime: intervalMs,
    refetchInterval: intervalMs,
    // A hidden tab does not ask (nobody is looking); the count catches up when it shows again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // A failed check is retried by the next interval; the queue itself stays usable.
    retry: false,
  });
  return countNewItems(data, shown, environment);
}
