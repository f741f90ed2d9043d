"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { QueueRefreshInterval } from "@/lib/hooks/use-new-items";
import { getQueryClient } from "@/lib/queries/query-client";

/** Client-side plumbing of every console page: the query cache, URL state, toasts, the queues' check interval. */
export function ConsoleProviders({ children, queueRefreshMs }: { children: ReactNode; queueRefreshMs: number }) {
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <QueueRefreshInterval value={queueRefreshMs}>
        <NuqsAdapter>{children}</NuqsAdapter>
      </QueueRefreshInterval>
      <Toaster />
    </QueryClientProvider>
  );
}
