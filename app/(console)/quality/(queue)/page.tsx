import type { Metadata } from "next";
import { QualityQueue } from "@/components/quality/quality-queue";
import { LoadErrorPanel, PageFrame } from "@/components/ui/page-frame";
import { toSafeError } from "@/lib/api/errors";
import { listQualityReviews } from "@/lib/api/quality";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Quality review" };

export default async function QualityQueuePage() {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const [pending, completed] = await Promise.allSettled([
    listQualityReviews(environment, analyst, "pending"),
    listQualityReviews(environment, analyst, "completed"),
  ]);
  return (
    <PageFrame
      title="Quality review"
      description="Resolved cases drawn for a blind second review, oldest first. Give your own outcome; the first analyst's is shown once you submit. Cases you resolved yourself are left out."
      className="grid gap-6"
    >
      {pending.status === "fulfilled" ? (
        <QualityQueue id="quality-pending" title="Waiting for a second review" items={pending.value.data} empty="Nothing to review" />
      ) : (
        <LoadErrorPanel title="The quality queue could not be loaded" error={toSafeError(pending.reason)} retryHref="/quality" />
      )}
      {completed.status === "fulfilled" ? (
        <QualityQueue id="quality-completed" title="Reviewed" items={completed.value.data} empty="No reviews given yet" />
      ) : null}
    </PageFrame>
  );
}
