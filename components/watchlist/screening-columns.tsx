"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { listLabel, topMatch } from "@/lib/format/screening";
import type { ListedScreening } from "@/lib/api/wire";
import { Badge } from "@/components/ui/badge";
import { groupLabel } from "./screening-group";
import { UserText } from "@/components/ui/user-text";
import { MatchScore, ReviewStateBadge, ScreeningStatusBadge } from "./screening-badges";

const columns = createDataTableColumns<ListedScreening>();

/** Columns of the watchlist review queue; the API's order, so no sorting. A group of twins is one row with its count. */
export function screeningColumns() {
  return columns.columns([
    columns.accessor("name", {
      header: "Screened person",
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <IntentLink
            href={`/watchlist/${encodeURIComponent(row.original.screening_id)}`}
            className="font-medium underline-offset-4 hover:underline focus-visible:underline"
          >
            <UserText value={row.original.name} />
          </IntentLink>
          {row.original.twins.length > 0 ? (
            <Badge tone="accent" className="w-fit">
              {groupLabel(1 + row.original.twins.length)}
            </Badge>
          ) : null}
          <span className="text-xs text-muted-foreground">
            {row.original.user_id ? <UserText value={row.original.user_id} className="font-mono" /> : "Name only (no user)"}
            {row.original.date_of_birth ? <> · born {row.original.date_of_birth}</> : null}
          </span>
        </span>
      ),
    }),
    columns.display({
      id: "top_match",
      header: "Best match",
      cell: ({ row }) => {
        const best = topMatch(row.original);
        if (!best) return <span className="text-muted-foreground">—</span>;
        const others = row.original.matches.length - 1;
        return (
          <span className="grid gap-0.5">
            <UserText value={best.entity_name} className="font-medium" />
            <span className="text-xs text-muted-foreground">
              {listLabel(best.list)}
              {others > 0 ? ` · ${others} more` : null}
            </span>
          </span>
        );
      },
      meta: { cellClassName: "max-w-sm" },
    }),
    columns.display({
      id: "score",
      header: "Score",
      cell: ({ row }) => {
        const best = topMatch(row.original);
        return best ? <MatchScore score={best.match_score} /> : <span className="text-muted-foreground">—</span>;
      },
    }),
    columns.accessor("status", { header: "Result", cell: ({ row }) => <ScreeningStatusBadge status={row.original.status} /> }),
    columns.accessor("review_state", { header: "Review", cell: ({ row }) => <ReviewStateBadge state={row.original.review_state} /> }),
    columns.accessor("screened_at", {
      header: "Screened (UTC)",
      cell: ({ row }) => <DateTime value={row.original.screened_at} zone={false} />,
    }),
  ]);
}
