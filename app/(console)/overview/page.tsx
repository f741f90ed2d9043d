import type { Metadata } from "next";
import { OverviewDashboard } from "@/components/overview/overview-dashboard";
import { EnvironmentBadge } from "@/components/shell/environment-badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { toSafeError } from "@/lib/api/errors";
import { getOverview } from "@/lib/api/overview";
import { getForecast } from "@/lib/api/desk";
import { BreachForecast } from "@/components/desk/breach-forecast";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { displayName } from "@/lib/auth/session-analyst";
import { roleDescriptions, roleLabels } from "@/lib/format/analyst";
import { environmentLabels } from "@/lib/schemas/environment";
import type { Forecast, Overview } from "@/lib/api/wire";
import type { SafeError } from "@/lib/schemas/safe-error";

export const metadata: Metadata = { title: "Overview" };

// Where you are, who you are, and the work waiting: scores by day, open alerts, cases, pending
// reviews, each linked to the queue that works it off. One aggregate read of the API
// (GET /api/v1/overview) for the chosen environment, and the case queue's breach forecast.
export default async function OverviewPage() {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  let overview: Overview | null = null;
  let error: SafeError | null = null;
  const [read, predicted] = await Promise.allSettled([getOverview(environment, analyst), getForecast(environment, analyst)]);
  if (read.status === "fulfilled") overview = read.value;
  else error = toSafeError(read.reason);
  const forecast: Forecast | null = predicted.status === "fulfilled" ? predicted.value : null;
  return (
    <>
      <PageHeader
        title={
          <>
            Welcome, <UserText value={displayName(analyst)} />
          </>
        }
        description="Volumes, decisions and open work at a glance."
      />
      <div className="mt-6 grid gap-3 md:grid-cols-2">
        <Card className="flex items-start gap-3 p-4">
          <EnvironmentBadge environment={environment} className="mt-0.5 w-fit shrink-0 text-sm" />
          <p className="text-sm leading-relaxed text-muted-foreground">
            {environment === "production"
              ? "Live keys, real customers, real decisions."
              : "Test keys and test data, isolated from production."}{" "}
            Switch with the {environmentLabels.production} / {environmentLabels["pre-production"]} control in the header.
          </p>
        </Card>
        <Card className="p-4 text-sm">
          <p>
            <span className="font-medium">{roleLabels[analyst.role]}</span>{" "}
            <span className="text-muted-foreground">
              · <UserText value={analyst.email} />
            </span>
          </p>
          <p className="mt-1 leading-relaxed text-muted-foreground">
            {roleDescriptions[analyst.role]} Press <kbd className="font-mono">?</kbd> for keyboard shortcuts.
          </p>
        </Card>
      </div>
      <div className="mt-8">
        <BreachForecast forecast={forecast} error={predicted.status === "rejected" ? toSafeError(predicted.reason) : null} />
      </div>
      <div className="mt-8">
        <OverviewDashboard overview={overview} error={error} casesHref={hasRole(analyst.role, "lead") ? "/cases/queue" : "/cases"} />
      </div>
    </>
  );
}
