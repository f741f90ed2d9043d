"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useAction } from "next-safe-action/hooks";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { UserText } from "@/components/ui/user-text";
import { setAvailabilityAction } from "@/lib/actions/set-availability";
import type { AnalystWorkload, DeskWorkload } from "@/lib/api/wire";
import { formatDuration } from "@/lib/format/sla";
import { revealHidden } from "@/lib/format/invisible-characters";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";

const linkClass =
  "grid gap-0.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring hover:underline underline-offset-4";

function Counts({ open, inReview, overdue, oldest }: { open: number; inReview: number; overdue: number; oldest: number | null }) {
  return (
    <>
      <span className="text-xs text-muted-foreground tabular-nums">
        <span className="font-semibold text-foreground">{open}</span> open ·{" "}
        <span className="font-semibold text-foreground">{inReview}</span> in review
        {overdue > 0 ? <span className="font-semibold text-danger"> · {overdue} overdue</span> : null}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        {oldest === null ? "nothing waiting" : `oldest ${formatDuration(oldest)}`}
      </span>
    </>
  );
}

function AnalystItem({ row, me, canSetOthers }: { row: AnalystWorkload; me: string; canSetOthers: boolean }) {
  const router = useRouter();
  const away = row.availability === "away";
  const toggle = useAction(setAvailabilityAction, {
    onSuccess: ({ data }) => {
      toast.success(`${revealHidden(data?.name ?? row.name)} is now ${data?.availability === "away" ? "away" : "available"}`);
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError?.message ?? "The availability could not be changed."),
  });
  const mine = row.analyst_id === me;
  const idle = row.open + row.in_review === 0;
  return (
    <li
      className={cn(
        "grid min-w-44 gap-1 rounded-lg border border-border px-3 py-2",
        away && "border-dashed bg-surface-muted/40",
        !away && idle && "border-success/50",
      )}
      data-analyst={row.analyst_id}
    >
      <Link href={`/cases/queue?assignee_id=${encodeURIComponent(row.analyst_id)}`} className={linkClass}>
        <span className="flex items-center gap-1.5">
          <UserText value={row.name} className="max-w-40 truncate text-sm font-medium" />
          {away ? <Badge>Away</Badge> : idle ? <Badge tone="success">Free</Badge> : null}
        </span>
        <Counts open={row.open} inReview={row.in_review} overdue={row.overdue} oldest={row.oldest_age_seconds} />
        <span className="text-xs text-muted-foreground tabular-nums">
          closed <span className="font-semibold text-foreground">{row.resolved_today}</span> today ·{" "}
          <span className="font-semibold text-foreground">{row.resolved_7d}</span> in 7 days
        </span>
      </Link>
      {mine || canSetOthers ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-7 justify-self-start px-2 text-xs"
          disabled={toggle.isPending}
          onClick={() => toggle.execute({ id: row.analyst_id, availability: away ? "available" : "away" })}
          aria-label={`${away ? "Set available" : "Set away"}: ${revealHidden(row.name)}${mine ? " (you)" : ""}`}
        >
          {away ? "Set available" : "Set away"}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Every enabled analyst, idle and away ones included (GET /api/v1/workload): open and in-review
 * counts, the oldest item's age, closed today and in 7 days. Each links to their queue; an analyst
 * sets themselves away or available, leads anyone.
 */
export function CaseWorkload({
  workload,
  error,
  me,
  canSetOthers,
}: {
  workload: DeskWorkload | null;
  error: SafeError | null;
  me: string;
  canSetOthers: boolean;
}) {
  if (!workload) {
    return (
      <Card>
        <ErrorState title="The workload could not be loaded" error={error ?? { message: "The API did not answer." }} className="py-6" />
      </Card>
    );
  }
  const u = workload.unassigned;
  return (
    <Card as="section" aria-labelledby="case-workload" className="p-4">
      <h2 id="case-workload" className="text-sm font-semibold">
        Workload{" "}
        <span className="font-normal text-muted-foreground">
          — every analyst, free ones included; “today” from midnight {workload.time_zone}
        </span>
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        <li
          className={cn(
            "grid min-w-36 gap-1 rounded-lg border border-border px-3 py-2",
            u.open + u.in_review > 0 && "border-warning/50 bg-warning-soft",
          )}
        >
          <Link href="/cases/queue?assignee_id=none" className={linkClass}>
            <span className="text-sm font-medium">Unassigned</span>
            <Counts open={u.open} inReview={u.in_review} overdue={u.overdue} oldest={u.oldest_age_seconds} />
          </Link>
        </li>
        {workload.data.map((row) => (
          <AnalystItem key={row.analyst_id} row={row} me={me} canSetOthers={canSetOthers} />
        ))}
      </ul>
    </Card>
  );
}
