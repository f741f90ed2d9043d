import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import { caseTypeLabels } from "@/lib/format/case";
import { formatAmount } from "@/lib/format/transaction";
import type { QualityReview } from "@/lib/api/wire";

// What the second analyst judges on: the case's facts, its transactions as the engine scored them,
// its alerts as detected, and the notes written before it was resolved. Nothing links out while
// the review is blind: the case, transaction and user pages show the first analyst's outcome.

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="p-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

export function ReviewFacts({ review }: { review: QualityReview }) {
  const c = review.case;
  const facts: [string, ReactNode][] = [
    ["Type", caseTypeLabels[c.case_type]],
    ["Severity", <SeverityBadge key="s" severity={c.severity} />],
    ["User", c.user_id ? <UserText key="u" value={c.user_id} className="font-mono text-xs" /> : "—"],
    ["Opened", <DateTime key="o" value={c.created_at} />],
    ["Drawn for review", <DateTime key="d" value={review.drawn_at} />],
  ];
  return (
    <div className="grid min-w-0 content-start gap-6">
      <Section id="review-case" title="Case">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="review-transactions" title={`Transactions (${review.transactions.length})`}>
        {review.transactions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transactions are linked to this case.</p>
        ) : (
          <TableContainer>
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell scope="col">Transaction</TableHeaderCell>
                  <TableHeaderCell scope="col">Amount</TableHeaderCell>
                  <TableHeaderCell scope="col">Score</TableHeaderCell>
                  <TableHeaderCell scope="col">Engine decision</TableHeaderCell>
                  <TableHeaderCell scope="col">Signals</TableHeaderCell>
                  <TableHeaderCell scope="col">Time</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {review.transactions.map((t) => (
                  <TableRow key={t.transaction_id}>
                    <TableCell className="font-mono text-xs">{t.transaction_id}</TableCell>
                    <TableCell className="tabular-nums">{formatAmount(t.amount, t.currency)}</TableCell>
                    <TableCell className="tabular-nums">{t.risk_score}</TableCell>
                    <TableCell className="capitalize">{t.decision}</TableCell>
                    <TableCell className="text-xs">{t.signals.length > 0 ? t.signals.join(", ") : "—"}</TableCell>
                    <TableCell>
                      <DateTime value={t.created_at} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
      <Section id="review-alerts" title={`Alerts (${review.alerts.length})`}>
        {review.alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No alerts are linked to this case.</p>
        ) : (
          <ul className="grid gap-3">
            {review.alerts.map((a) => (
              <li key={a.alert_id} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <SeverityBadge severity={a.severity} />
                  <span className="font-medium">{a.alert_type.replaceAll("_", " ")}</span>
                  <span className="text-muted-foreground">confidence {Math.round(a.confidence * 100)} %</span>
                  {a.exposure_currency ? (
                    <span className="text-muted-foreground">exposure {formatAmount(a.exposure_amount, a.exposure_currency)}</span>
                  ) : null}
                </div>
                <UserText value={a.summary} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="review-notes" title="Notes written before the resolution">
        {review.notes_before_resolution.length === 0 ? (
          <p className="text-sm text-muted-foreground">None.</p>
        ) : (
          <ol className="grid gap-3">
            {review.notes_before_resolution.map((n, i) => (
              <li key={i} className="grid gap-1 text-sm">
                <DateTime value={n.timestamp} className="text-xs text-muted-foreground" />
                <UserText value={n.note} className="whitespace-pre-wrap" />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
