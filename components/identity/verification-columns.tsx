"use client";

import { UserLink } from "@/components/ui/user-link";
import { IntentLink } from "@/components/ui/intent-link";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { checksSummary, screeningAwaitingReview, verificationTypeLabels } from "@/lib/format/verification";
import type { Verification } from "@/lib/api/wire";
import { VerificationStatusBadge } from "./verification-badges";

const columns = createDataTableColumns<Verification>();

/** Columns of the identity review queue; the API's order (newest first), so no sorting. */
export function verificationColumns() {
  return columns.columns([
    columns.accessor("verification_id", {
      header: "Verification",
      cell: ({ row }) => (
        <IntentLink
          href={`/identity/${encodeURIComponent(row.original.verification_id)}`}
          className="font-mono text-xs font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {row.original.verification_id}
        </IntentLink>
      ),
    }),
    columns.accessor("user_id", {
      header: "User",
      cell: ({ row }) => <UserLink userId={row.original.user_id} className="text-foreground" />,
    }),
    columns.accessor("type", {
      header: "Type",
      cell: ({ row }) => <span className="whitespace-nowrap">{verificationTypeLabels[row.original.type]}</span>,
    }),
    columns.accessor("status", { header: "Status", cell: ({ row }) => <VerificationStatusBadge status={row.original.status} /> }),
    columns.display({
      id: "checks",
      header: "Checks",
      cell: ({ row }) => {
        const screening = screeningAwaitingReview(row.original);
        return (
          <span className="grid gap-0.5 text-sm">
            <span>{checksSummary(row.original.checks)}</span>
            {screening ? (
              <IntentLink
                href={`/watchlist/${encodeURIComponent(screening)}`}
                className="text-xs text-primary underline underline-offset-4"
              >
                Waits on a watchlist review
                <span className="sr-only"> of screening {screening}</span>
              </IntentLink>
            ) : null}
          </span>
        );
      },
      meta: { cellClassName: "max-w-sm" },
    }),
    columns.accessor("created_at", {
      header: "Created (UTC)",
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
    columns.accessor("completed_at", {
      header: "Completed (UTC)",
      cell: ({ row }) => <DateTime value={row.original.completed_at} zone={false} empty="Not yet" />,
    }),
  ]);
}
