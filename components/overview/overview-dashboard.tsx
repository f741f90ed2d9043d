import { ErrorState } from "@/components/ui/error-state";
import type { Overview } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";
import { AlertsChart, CasesChart, ScoresChart } from "./lazy-charts";
import { PendingReviews } from "./pending-reviews";
import { Card } from "@/components/ui/card";

/** The overview's numbers: charts (client, recharts, loaded on demand) fed by one server-side read of the API. */
export function OverviewDashboard({
  overview,
  error,
  casesHref,
}: {
  overview: Overview | null;
  error: SafeError | null;
  casesHref: string;
}) {
  if (!overview) {
    return (
      <Card>
        <ErrorState title="The overview's numbers could not be loaded" error={error ?? { message: "The API did not answer." }} />
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <PendingReviews screenings={overview.pending_screenings} verifications={overview.pending_verifications} />
      <ScoresChart days={overview.scores_by_day} />
      <div className="grid gap-6 xl:grid-cols-2">
        <AlertsChart alerts={overview.open_alerts} acknowledged={overview.acknowledged_alerts} />
        <CasesChart counts={overview.cases_by_status} href={casesHref} />
      </div>
    </div>
  );
}
