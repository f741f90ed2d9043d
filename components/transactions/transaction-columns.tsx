"use client";

import { UserLink } from "@/components/ui/user-link";
import { IntentLink } from "@/components/ui/intent-link";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import { DateTime } from "@/components/ui/date-time";
import { formatAmount, type TransactionSummary } from "@/lib/format/transaction";
import { DecisionBadge, RiskLevelBadge, RiskScore } from "./transaction-badges";

const columns = createDataTableColumns<TransactionSummary>();
const none = <span className="text-muted-foreground">—</span>;

/**
 * Columns of the transactions list; the order is the API's, so no sorting. `query` follows each link (the review queue's `?queue=review`).
 * The rows' links are prefetched on intent only (IntentLink): in view, 20 rows' two links were 40
 * server renders (each a session check and a read) competing with the queue's own reads.
 */
export function transactionColumns(query = "") {
  return columns.columns([
    columns.accessor("transaction_id", {
      header: "Transaction",
      cell: ({ row }) => (
        <IntentLink
          href={`/transactions/${encodeURIComponent(row.original.transaction_id)}${query}`}
          className="font-mono text-xs font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {row.original.transaction_id}
        </IntentLink>
      ),
    }),
    columns.accessor("user_id", {
      header: "User",
      cell: ({ row }) => (row.original.user_id ? <UserLink userId={row.original.user_id} className="text-foreground" /> : none),
    }),
    columns.accessor("amount", {
      header: "Amount",
      cell: ({ row }) =>
        row.original.amount !== null && row.original.currency ? (
          <span className="whitespace-nowrap tabular-nums">{formatAmount(row.original.amount, row.original.currency)}</span>
        ) : (
          none
        ),
      meta: { align: "end" },
    }),
    columns.accessor("risk_score", {
      header: "Score",
      cell: ({ row }) =>
        row.original.risk_score !== null ? <RiskScore score={row.original.risk_score} level={row.original.risk_level ?? "low"} /> : none,
      meta: { align: "end" },
    }),
    columns.accessor("risk_level", {
      header: "Level",
      cell: ({ row }) => (row.original.risk_level ? <RiskLevelBadge level={row.original.risk_level} /> : none),
    }),
    columns.accessor("decision", {
      header: "Decision",
      cell: ({ row }) =>
        row.original.decision ? (
          <span className="flex items-center gap-1.5 whitespace-nowrap">
            <DecisionBadge decision={row.original.decision} />
            {row.original.reviewed ? <span className="text-xs text-muted-foreground">reviewed</span> : null}
          </span>
        ) : (
          none
        ),
    }),
    columns.accessor("created_at", {
      header: "Scored (UTC)",
      cell: ({ row }) => <DateTime value={row.original.created_at} zone={false} />,
    }),
  ]);
}
