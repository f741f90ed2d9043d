import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import { AnalystsView } from "@/components/settings/analysts-view";
import { ErrorState } from "@/components/ui/error-state";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { listAnalysts } from "@/lib/api/analysts";
import { toSafeError } from "@/lib/api/errors";
import { requireRole } from "@/lib/auth/guards";
import { getQueryClient } from "@/lib/queries/query-client";
import { queryKeys } from "@/lib/queries/query-keys";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Analysts" };

export default async function AnalystsPage() {
  const analyst = await requireRole("admin");
  const queryClient = getQueryClient();
  let error: SafeError | null = null;
  try {
    queryClient.setQueryData(queryKeys.analysts.all(), await listAnalysts(analyst));
  } catch (failure) {
    error = toSafeError(failure);
  }
  return (
    <>
      <PageHeader
        title="Analysts"
        description="Everyone who can sign in to this console, and what they may do: analysts work alerts and cases, leads also manage the team's queue, administrators also manage keys, webhooks, policies and analysts."
      />
      <div className="mt-8">
        {error ? (
          <div className="rounded-xl border border-border bg-surface">
            <ErrorState
              title="The analysts could not be loaded"
              error={error}
              action={
                <LinkButton href="/settings/analysts" variant="secondary" prefetch={false}>
                  <RotateCcw aria-hidden="true" />
                  Try again
                </LinkButton>
              }
            />
          </div>
        ) : (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <AnalystsView />
          </HydrationBoundary>
        )}
      </div>
    </>
  );
}
