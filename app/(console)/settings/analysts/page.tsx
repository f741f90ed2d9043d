import type { Metadata } from "next";
import { AnalystsView } from "@/components/settings/analysts-view";
import { PrefetchedPage } from "@/components/ui/prefetched-page";
import { listAnalysts } from "@/lib/api/analysts";
import { requireRole } from "@/lib/auth/guards";
import { queryKeys } from "@/lib/queries/query-keys";

export const metadata: Metadata = { title: "Analysts" };

export default async function AnalystsPage() {
  const analyst = await requireRole("admin");
  return (
    <PrefetchedPage
      title="Analysts"
      description="Everyone who can sign in to this console, and what they may do: analysts work alerts and cases, leads also manage the team's queue, administrators also manage keys, webhooks, policies and analysts. A new role or disabling someone ends their sessions at once."
      prefetch={async (client) => client.setQueryData(queryKeys.analysts.all(), await listAnalysts(analyst))}
      errorTitle="The analysts could not be loaded"
      retryHref="/settings/analysts"
    >
      <AnalystsView selfId={analyst.id} />
    </PrefetchedPage>
  );
}
