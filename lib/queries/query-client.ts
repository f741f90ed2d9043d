import { defaultShouldDehydrateQuery, isServer, QueryClient } from "@tanstack/react-query";
import { isActionFailure } from "./action-result";

// One QueryClient configuration for the server render (a fresh client per request, never shared
// between analysts) and the browser (one client for the tab). Server pages prefetch into theirs
// and hand it over with <HydrationBoundary state={dehydrate(client)}>.

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data is fresh for a while: no refetch right after hydration.
        staleTime: 30_000,
        // A refusal (4xx) will not change by asking again; a transient failure might.
        retry: (failures, error) => failures < 2 && !(isActionFailure(error) && (error.status ?? 500) < 500),
        refetchOnWindowFocus: false,
      },
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}

let browserClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
