import type { Metadata } from "next";
import { QualityReportView } from "@/components/quality/quality-report-view";
import { LoadErrorPanel, PageFrame } from "@/components/ui/page-frame";
import { toSafeError } from "@/lib/api/errors";
import { getQualityReport } from "@/lib/api/quality";
import type { QualityReport } from "@/lib/api/wire";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Review quality" };

export default async function QualityReportPage() {
  const analyst = await requireRole("lead");
  const environment = await getActiveEnvironment(analyst.id);
  let report: QualityReport | null = null;
  let error: unknown = null;
  try {
    report = await getQualityReport(environment, analyst);
  } catch (failure) {
    error = failure;
  }
  return (
    <PageFrame
      title="Review quality"
      description="How often a blind second review agreed with each analyst's resolution, and how often it overturned it, over the last 12 weeks."
    >
      {report ? (
        <QualityReportView report={report} />
      ) : (
        <LoadErrorPanel title="The report could not be loaded" error={toSafeError(error)} retryHref="/quality/report" />
      )}
    </PageFrame>
  );
}
