import Link from "next/link";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import type { ScreeningTwin } from "@/lib/api/wire";

type ScreeningGroupProps = {
  /** The screening on this page; its twins follow, oldest first. */
  screening: ScreeningTwin;
  twins: readonly ScreeningTwin[];
};

/** "3 screenings": the size of a group of twins, as the queue and the detail name it. */
export const groupLabel = (size: number) => `${size} screening${size === 1 ? "" : "s"}`;

/**
 * The twins of a screening: the same subject (user, name, date of birth) screened against the same
 * listed entries, still awaiting review. One decision applies to every member.
 */
export function ScreeningGroup({ screening, twins }: ScreeningGroupProps) {
  const members = [screening, ...twins].sort((a, b) => a.screened_at.localeCompare(b.screened_at));
  return (
    <Card as="section" aria-labelledby="screening-group" className="p-5">
      <h2 id="screening-group" className="text-base font-semibold">
        Screenings of this subject ({members.length})
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The same person screened {members.length === 2 ? "twice" : `${members.length} times`} against the same listed entries. Your decision
        applies to {members.length === 2 ? "both" : "all of them"}, each recorded under your name.
      </p>
      <ol className="mt-3 grid gap-2 text-sm">
        {members.map((member) => (
          <li key={member.screening_id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            {member.screening_id === screening.screening_id ? (
              <span className="font-mono text-xs" aria-current="page">
                {member.screening_id} (this one)
              </span>
            ) : (
              <Link
                href={`/watchlist/${encodeURIComponent(member.screening_id)}`}
                className="font-mono text-xs underline underline-offset-4"
              >
                {member.screening_id}
              </Link>
            )}
            <span className="text-xs text-muted-foreground">
              <DateTime value={member.screened_at} />
              {member.verification_id ? " · identity verification" : " · screened directly"}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
