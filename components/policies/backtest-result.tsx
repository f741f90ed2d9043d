import Link from "next/link";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCaption, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { Backtest, BacktestDecision, BacktestResult } from "@/lib/api/wire";
import { decisionLabel } from "@/lib/format/decision";
import { countOf, outcomeRows } from "@/lib/format/backtest";
import { cn } from "@/lib/utils/cn";

const decisions: BacktestDecision[] = ["allow", "challenge", "block"];

/** What the draft would have changed: the from → to matrix, the moves with examples, the labels. */
export function BacktestResultView({ backtest, result }: { backtest: Backtest; result: BacktestResult }) {
  const period = (
    <>
      <DateTime value={backtest.period.start_time} /> to <DateTime value={backtest.period.end_time} />
    </>
  );
  if (result.scores === 0) {
    return (
      <section aria-label="Backtest result" className="rounded-lg border border-border">
        <EmptyState
          title="No live scores in this period"
          description={<>Nothing to compare: no transaction was scored live from {period}. Choose a period with traffic.</>}
        />
      </section>
    );
  }
  return (
    <section aria-label="Backtest result" className="grid gap-6">
      <p className="text-sm" data-testid="backtest-summary">
        <strong className="font-semibold">{countOf(result.changed, "decision")}</strong> of {countOf(result.scores, "live score")} would
        change ({period}).
      </p>
      <TableContainer className="rounded-lg border border-border">
        <Table>
          <TableCaption>Decisions moved: the engine&apos;s decision at the time (rows) against the draft&apos;s (columns)</TableCaption>
          <TableHead>
            <TableRow>
              <TableHeaderCell scope="col">Engine \ Draft</TableHeaderCell>
              {decisions.map((to) => (
                <TableHeaderCell key={to} scope="col" className="text-right">
                  {decisionLabel(to)}
                </TableHeaderCell>
              ))}
              <TableHeaderCell scope="col" className="text-right">
                Engine total
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {decisions.map((from) => (
              <TableRow key={from}>
                <TableHeaderCell scope="row" className="normal-case">
                  {decisionLabel(from)}
                </TableHeaderCell>
                {decisions.map((to) => (
                  <TableCell
                    key={to}
                    className={cn("text-right tabular-nums", from !== to && result.matrix[from][to] > 0 && "font-semibold")}
                  >
                    {result.matrix[from][to].toLocaleString("en-US")}
                  </TableCell>
                ))}
                <TableCell className="text-right text-muted-foreground tabular-nums">{result.live[from].toLocaleString("en-US")}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableHeaderCell scope="row" className="normal-case">
                Draft total
              </TableHeaderCell>
              {decisions.map((to) => (
                <TableCell key={to} className="text-right text-muted-foreground tabular-nums">
                  {result.draft[to].toLocaleString("en-US")}
                </TableCell>
              ))}
              <TableCell className="text-right text-muted-foreground tabular-nums">{result.scores.toLocaleString("en-US")}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      <Outcomes outcomes={result.outcomes} />
      <Moves moves={result.moves} />
    </section>
  );
}

function Outcomes({ outcomes }: { outcomes: BacktestResult["outcomes"] }) {
  const labelled = outcomes.labelled_fraud + outcomes.labelled_legit;
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold">Against labelled outcomes</h4>
      {labelled === 0 ? (
        <p className="text-sm text-muted-foreground">
          No transaction of this period is labelled (confirmed fraud or false positive), so caught and missed fraud cannot be counted.
        </p>
      ) : (
        <TableContainer className="rounded-lg border border-border">
          <Table>
            <TableCaption>
              {countOf(outcomes.labelled_fraud, "labelled fraud")} and {countOf(outcomes.labelled_legit, "labelled legitimate transaction")}
            </TableCaption>
            <TableHead>
              <TableRow>
                <TableHeaderCell scope="col">Of the labelled transactions</TableHeaderCell>
                <TableHeaderCell scope="col" className="text-right">
                  Engine
                </TableHeaderCell>
                <TableHeaderCell scope="col" className="text-right">
                  Draft
                </TableHeaderCell>
                <TableHeaderCell scope="col">Change</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outcomeRows(outcomes).map((row) => (
                <TableRow key={row.label}>
                  <TableHeaderCell scope="row" className="normal-case">
                    {row.label}
                  </TableHeaderCell>
                  <TableCell className="text-right tabular-nums">{row.live.toLocaleString("en-US")}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.draft.toLocaleString("en-US")}</TableCell>
                  <TableCell className="text-sm">{row.change}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </div>
  );
}

function Moves({ moves }: { moves: BacktestResult["moves"] }) {
  const moved = moves.filter((move) => move.count > 0);
  if (moved.length === 0)
    return <p className="text-sm text-muted-foreground">The draft decides every transaction of the period as the engine did.</p>;
  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-semibold">Examples to open</h4>
      <ul className="grid gap-3">
        {moved.map((move) => (
          <li key={`${move.from}-${move.to}`} className="rounded-lg border border-border p-3 text-sm">
            <p className="font-medium">
              {decisionLabel(move.from)} → {decisionLabel(move.to)}: {countOf(move.count, "transaction")}
            </p>
            <ul className="mt-2 grid gap-1">
              {move.examples.map((example) => (
                <li key={example.transaction_id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <Link
                    href={`/transactions/${encodeURIComponent(example.transaction_id)}`}
                    className="font-mono text-xs underline underline-offset-4"
                  >
                    {example.transaction_id}
                  </Link>
                  <span className="text-muted-foreground">
                    score {example.risk_score}, {example.rule_id ? `rule ${example.rule_id}` : "score bands"},{" "}
                    <DateTime value={example.created_at} />
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
