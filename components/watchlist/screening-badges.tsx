import { Badge } from "@/components/ui/badge";
import { formatMatchScore, isHighConfidence, reviewStateLabel, screeningStatusLabels } from "@/lib/format/screening";
import type { ScreeningStatus } from "@/lib/api/wire";

// The word is always shown with the colour: colour is never the only signal.
const statusTone = { clear: "success", match: "danger", possible_match: "warning" } as const;

export function ScreeningStatusBadge({ status }: { status: ScreeningStatus }) {
  return <Badge tone={statusTone[status]}>{screeningStatusLabels[status]}</Badge>;
}

const reviewTone: Record<string, "neutral" | "accent" | "success" | "warning" | "danger"> = {
  not_required: "neutral",
  pending_review: "accent",
  needs_information: "warning",
  true_match: "danger",
  false_positive: "success",
  cleared: "success",
};

export function ReviewStateBadge({ state }: { state: string }) {
  return <Badge tone={reviewTone[state] ?? "neutral"}>{reviewStateLabel(state)}</Badge>;
}

/** The match score as a percentage; high confidence (above 85%) in red. */
export function MatchScore({ score }: { score: number }) {
  const high = isHighConfidence(score);
  return (
    <Badge tone={high ? "danger" : "warning"} title={high ? "High confidence (above 85%)" : "Lower confidence: needs a reviewer"}>
      <span className="tabular-nums">{formatMatchScore(score)}</span>
      <span className="sr-only">{high ? " match score, high confidence" : " match score, lower confidence"}</span>
    </Badge>
  );
}
