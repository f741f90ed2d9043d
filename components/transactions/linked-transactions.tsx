import Link from "next/link";
import { getTransactions, SUMMARY_FETCH_LIMIT } from "@/lib/api/transactions";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { formatAmount, summaryOfTransaction } from "@/lib/format/transaction";
import { DecisionBadge, RiskLevelBadge, RiskScore } from "./transaction-badges";
import { DateTime } from "@/components/ui/date-time";

type LinkedTransactionsProps = {
  environment: ConsoleEnvironment;
  ids: readonly string[];
};

/**
 * A case's (or alert's) transactions with their score, band and the decision in force, each a link
 * to its detail. The first SUMMARY_FETCH_LIMIT are read in parallel; the rest are listed by id.
 * A server component: it reads the API itself, so the page around it need not wait for it.
 */
export async function LinkedTransactions({ environment, ids }: LinkedTransactionsProps) {
  const shown = ids.slice(0, SUMMARY_FETCH_LIMIT);
  const rest = ids.slice(SUMMARY_FETCH_LIMIT);
  const assessments = await getTransactions(environment, shown);

  return (
    <>
      <ul className="mt-3 grid divide-y divide-border rounded-lg border border-border">
        {shown.map((id) => {
          const assessment = assessments.get(id);
          const summary = assessment ? summaryOfTransaction(assessment) : null;
          return (
            <li key={id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Link
                href={`/transactions/${encodeURIComponent(id)}`}
                className="font-mono text-xs font-medium break-all underline-offset-4 hover:underline focus-visible:underline"
              >
                {id}
              </Link>
              {summary ? (
                <>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {assessment ? formatAmount(assessment.amount, assessment.currency) : null}
                  </span>
                  <DateTime value={summary.created_at} className="text-xs text-muted-foreground" />
                  <span className="ml-auto flex items-center gap-2">
                    <span className="text-xs text-muted-foreground">
                      Score <RiskScore score={summary.risk_score ?? 0} level={summary.risk_level ?? "low"} />
                    </span>
                    <RiskLevelBadge level={summary.risk_level ?? "low"} />
                    <DecisionBadge decision={summary.decision ?? ""} />
                    <span className="w-16 text-xs text-muted-foreground">{summary.reviewed ? "reviewed" : "engine"}</span>
                  </span>
                </>
              ) : (
                <span className="ml-auto text-xs text-muted-foreground">Score unavailable</span>
              )}
            </li>
          );
        })}
      </ul>
      {rest.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {rest.length} more:{" "}
          {rest.map((id, index) => (
            <span key={id}>
              {index > 0 ? ", " : null}
              <Link href={`/transactions/${encodeURIComponent(id)}`} className="font-mono underline-offset-4 hover:underline">
                {id}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
