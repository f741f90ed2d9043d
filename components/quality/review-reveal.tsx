import { ArrowRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { LinkButton } from "@/components/ui/link-button";
import { UserText } from "@/components/ui/user-text";
import { resolutionLabel } from "@/lib/format/resolution";
import type { QualityReview } from "@/lib/api/wire";

type Side = { title: string; analyst: string; resolution: string; notes: string[] };

function Column({ side }: { side: Side }) {
  return (
    <div className="grid content-start gap-2 rounded-lg border border-border p-4">
      <h3 className="text-sm font-semibold">{side.title}</h3>
      <p className="text-lg font-semibold">{resolutionLabel(side.resolution)}</p>
      <p className="text-xs text-muted-foreground">
        by <span className="font-medium text-foreground">{side.analyst}</span>
      </p>
      {side.notes.map((n, i) => (
        <UserText key={i} value={n} className="text-sm whitespace-pre-wrap" />
      ))}
    </div>
  );
}

/** After the second resolution: both outcomes side by side, and whether they agree. */
export function ReviewReveal({ review, names }: { review: QualityReview; names: Map<string, string> }) {
  if (!review.first || !review.second) return null;
  const who = (id: string) => names.get(id) ?? id;
  return (
    <Card as="section" aria-labelledby="review-reveal" className="grid gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-reveal" className="text-base font-semibold">
          Both resolutions
        </h2>
        {review.agreed ? (
          <Badge tone="success">Agreed</Badge>
        ) : review.overturned ? (
          <Badge tone="danger">Overturned</Badge>
        ) : (
          <Badge tone="warning">Disagreed</Badge>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Column
          side={{
            title: "First resolution",
            analyst: who(review.first.analyst_id),
            resolution: review.first.resolution,
            notes: review.first.notes.map((n) => n.note),
          }}
        />
        <Column
          side={{
            title: "Second resolution",
            analyst: who(review.second.analyst_id),
            resolution: review.second.resolution,
            notes: review.second.notes ? [review.second.notes] : [],
          }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Reviewed <DateTime value={review.completed_at} />
      </p>
      <div>
        <LinkButton href={`/cases/${encodeURIComponent(review.case.case_id)}`} variant="secondary" size="sm">
          Open the case
          <ArrowRight aria-hidden="true" />
        </LinkButton>
      </div>
    </Card>
  );
}
