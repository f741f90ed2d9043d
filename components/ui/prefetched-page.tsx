import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { toSafeError } from "@/lib/api/errors";
import { getQueryClient } from "@/lib/queries/query-client";
import type { SafeError } from "@/lib/schemas/safe-error";
import { LoadErrorPanel, PageFrame } from "./page-frame";

type PrefetchedPageProps = {
  title: string;
  description: ReactNode;
  /** Reads the page's first data into the query client (setQueryData); may throw an API error. */
  prefetch: (client: QueryClient) => Promise<unknown>;
  errorTitle: string;
  retryHref: string;
  /** The client view that reads the prefetched data from the query cache. */
  children: ReactNode;
};

/**
 * A server-rendered list page: the first data is read here and handed to the browser's query
 * cache (later pages are fetched by the view through a server action). A failed read shows the
 * error with its request id in place of the view. Server only (the role check stays in the page).
 */
export async function PrefetchedPage({ title, description, prefetch, errorTitle, retryHref, children }: PrefetchedPageProps) {
  const queryClient = getQueryClient();
  let error: SafeError | null = null;
  try {
    await prefetch(queryClient);
  } catch (failure) {
    error = toSafeError(failure);
  }
  return (
    <PageFrame title={title} description={description}>
      {error ? (
        <LoadErrorPanel title={errorTitle} error={error} retryHref={retryHref} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>
      )}
    </PageFrame>
  );
}
