import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import { QualityReviewForm } from "@/components/quality/review-form";
import { ReviewFacts } from "@/components/quality/review-facts";
import { ReviewReveal } from "@/components/quality/review-reveal";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { listAnalysts } from "@/lib/api/analysts";
import { getQualityReview } from "@/lib/api/quality";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Quality review" };

export default async function QualityReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  const review = await getQualityReview(environment, analyst, id);
  const completed = review.status === "completed";
  // Names for the reveal only; ids stand in when the list cannot be read.
  const names = completed
    ? await listAnalysts(analyst)
        .then((page) => new Map(page.data.map((a) => [a.id, a.name])))
        .catch(() => new Map<string, string>())
    : new Map<string, string>();

  return (
    <>
      <LinkButton href="/quality" variant="ghost" size="sm">
        <ArrowLeft aria-hidden="true" />
        Quality review
      </LinkButton>
      <PageHeader
        className="mt-4"
        title={<UserText value={review.case.title} />}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {completed ? <Badge tone="success">Reviewed</Badge> : <Badge tone="accent">Blind review</Badge>}
            <span>
              {completed
                ? "Your outcome and the first analyst's, side by side."
                : "The case's outcome and who resolved it are hidden until you give yours."}
            </span>
          </span>
        }
      />
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <ReviewFacts review={review} />
        <div className="grid content-start gap-6">
          {completed ? (
            <ReviewReveal review={review} names={names} />
          ) : (
            <QualityReviewForm reviewId={review.review_id} environment={environment} />
          )}
        </div>
      </div>
    </>
  );
}
