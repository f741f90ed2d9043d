import Link from "next/link";
import { ErrorState } from "@/components/ui/error-state";
import { UserText } from "@/components/ui/user-text";
import type { Workload } from "@/lib/api/wire";
import { workloadWithNames } from "@/lib/format/overview";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { Card } from "@/components/ui/card";

function WorkloadItem({
  href,
  name,
  open,
  inReview,
  highlight = false,
}: {
  href: string;
  name: string;
  open: number;
  inReview: number;
  highlight?: boolean;
}) {
  return (
    <li>
      <Link
        href={href}
        className={cn(
          "grid min-w-36 gap-0.5 rounded-lg border border-border px-3 py-2 transition-colors hover:border-border-strong hover:bg-surface-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          highlight && open + inReview > 0 && "border-warning/50 bg-warning-soft",
        )}
      >
        <UserText value={name} className="max-w-48 truncate text-sm font-medium" />
        <span className="text-xs text-muted-foreground tabular-nums">
          <span className="font-semibold text-foreground">{open}</span> open ·{" "}
          <span className="font-semibold text-foreground">{inReview}</span> in review
        </span>
      </Link>
    </li>
  );
}

/** Open and in-review cases per analyst (GET /api/v1/overview/workload); each filters the queue. */
export function CaseWorkload({
  workload,
  error,
  names,
}: {
  workload: Workload | null;
  error: SafeError | null;
  names: Record<string, string>;
}) {
  if (!workload) {
    return (
      <Card>
        <ErrorState title="The workload could not be loaded" error={error ?? { message: "The API did not answer." }} className="py-6" />
      </Card>
    );
  }
  const rows = workloadWithNames(workload, names);
  return (
    <Card as="section" aria-labelledby="case-workload" className="p-4">
      <h2 id="case-workload" className="text-sm font-semibold">
        Workload <span className="font-normal text-muted-foreground">— open and in-review cases per analyst</span>
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        <WorkloadItem
          href="/cases/queue?assignee_id=none"
          name="Unassigned"
          open={workload.unassigned.open}
          inReview={workload.unassigned.in_review}
          highlight
        />
        {rows.map((row) => (
          <WorkloadItem
            key={row.assignee_id}
            href={`/cases/queue?assignee_id=${encodeURIComponent(row.assignee_id)}`}
            name={row.name}
            open={row.open}
            inReview={row.in_review}
          />
        ))}
      </ul>
      {rows.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">No analyst holds an open or in-review case.</p> : null}
    </Card>
  );
}
