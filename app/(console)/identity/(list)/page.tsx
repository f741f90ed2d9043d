import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { VerificationsView } from "@/components/identity/verifications-view";
import { PageHeader } from "@/components/ui/page-header";
import { toSafeError } from "@/lib/api/errors";
import { listVerifications, type VerificationFilters } from "@/lib/api/verifications";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { currentCursor, normaliseStack } from "@/lib/queries/cursor-stack";
import { loadVerificationQueueParams, statusOfTab } from "@/lib/queries/verification-search-params";
import type { ListPage, Verification } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Identity review" };

export default async function IdentityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const params = await loadVerificationQueueParams(searchParams);
  const after = currentCursor(normaliseStack(params.cursor));
  const filters: VerificationFilters = {
    status: statusOfTab(params.status),
    type: params.type ?? undefined,
    user_id: params.user_id ?? undefined,
  };

  let page: ListPage<Verification> | null = null;
  let error: SafeError | null = null;
  try {
    page = await listVerifications(environment, filters, { after });
  } catch (failure) {
    error = toSafeError(failure);
  }
  const filtered = params.status !== "pending" || filters.type !== undefined || filters.user_id !== undefined;

  return (
    <>
      <PageHeader
        title="Identity review"
        description="Identity verifications (KYC and KYB), newest first: pending ones wait on a document analysis, a liveness result or a watchlist review; failed and flagged ones need a person to look."
      />
      <div className="mt-8">
        <VerificationsView environment={environment} page={page} error={error} filtered={filtered} />
      </div>
    </>
  );
}
