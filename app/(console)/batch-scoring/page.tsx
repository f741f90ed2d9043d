import type { Metadata } from "next";
import { BatchScoringView } from "@/components/batch/batch-scoring-view";
import { PageHeader } from "@/components/ui/page-header";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Batch scoring" };

// Nothing to read from the API until a file is chosen: the file is parsed and checked in the
// browser, and its rows are scored through the scoreBatch server action.
export default async function BatchScoringPage() {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  return (
    <>
      <PageHeader
        title="Batch scoring"
        description="Score a CSV file of transactions with POST /v1/transactions/score: one row per transaction, checked in your browser before anything is sent, results as a table and a CSV file."
      />
      <div className="mt-8">
        <BatchScoringView key={environment} environment={environment} />
      </div>
    </>
  );
}
