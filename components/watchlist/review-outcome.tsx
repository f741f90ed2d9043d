import type { ReactNode } from "react";
import { DateTime } from "@/components/ui/date-time";
import { reviewStateLabel, suppressionSentence } from "@/lib/format/screening";
import type { Screening } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { ReviewStateBadge } from "./screening-badges";
import { Card } from "@/components/ui/card";

export type ReviewDecisionSummary = { decision: string | null; reason: string | null; notes: string | null; analyst: string | null };

type ReviewOutcomeProps = {
  screening: Screening;
  /** From the decision's event; null when it could not be found (the state is still shown). */
  decision: ReviewDecisionSummary | null;
};

const decisionWords: Record<string, string> = { allow: "Allow", challenge: "Challenge", block: "Block" };

/**
 * The recorded review of a screening, in place of the form. After a false positive it lists what
 * the API now suppresses: each (user, listed entity) pair, until the list entry changes.
 */
export function ReviewOutcome({ screening, decision }: ReviewOutcomeProps) {
  const facts: [string, ReactNode][] = [
    ["Outcome", <ReviewStateBadge key="o" state={screening.review_state} />],
    ["Decided", <DateTime key="d" value={screening.reviewed_at} />],
  ];
  if (decision?.analyst) facts.push(["By", <UserText key="b" value={decision.analyst} />]);
  if (decision?.decision)
    facts.push([
      "Recorded as",
      `${decisionWords[decision.decision] ?? decision.decision}${decision.reason ? `, ${decision.reason.replaceAll("_", " ")}` : ""}`,
    ]);
  if (decision?.notes)
    facts.push([
      "Notes",
      <p key="n" className="break-words whitespace-pre-line">
        <UserText value={decision.notes} />
      </p>,
    ]);
  if (screening.review_decision_id)
    facts.push([
      "Decision",
      <code key="i" className="font-mono text-xs">
        {screening.review_decision_id}
      </code>,
    ]);

  const suppressions = screening.review_state === "false_positive" ? screening.matches : [];
  return (
    <Card as="section" aria-labelledby="review-outcome" className="p-5">
      <h2 id="review-outcome" className="text-base font-semibold">
        {screening.review_state === "needs_information" ? "Earlier review" : "Review"}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {screening.review_state === "needs_information"
          ? "A reviewer asked for more information. Record the final outcome below when you have it."
          : `This screening was reviewed: ${reviewStateLabel(screening.review_state).toLowerCase()}. Decisions are immutable.`}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {screening.review_state === "false_positive" ? (
        <div className="mt-4 rounded-lg border border-success/30 bg-success-soft p-3 text-sm">
          <h3 className="font-medium">Suppression</h3>
          {suppressions.length && screening.user_id ? (
            <ul className="mt-1.5 grid list-disc gap-1 pl-5">
              {suppressions.map((m) => (
                <li key={m.entity_id}>
                  <UserText value={suppressionSentence(screening.user_id, m.entity_name)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1.5">
              <UserText value={suppressionSentence(screening.user_id, suppressions[0]?.entity_name ?? "the listed entity")} />
            </p>
          )}
        </div>
      ) : null}
    </Card>
  );
}
