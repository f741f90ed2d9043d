import { formatAmount } from "@/lib/format/transaction";
import { alertTypeLabel } from "@/lib/format/alert";
import { resolutionLabel } from "@/lib/format/resolution";
import { describeEvidence } from "@/lib/format/signals";
import Link from "next/link";
import type { AlertDetail } from "@/lib/api/wire";
import type { ReactNode } from "react";
import { Age, LocalDateTime, SlaBadge } from "@/components/ui/sla-badge";
import { AlertStatusBadge, SeverityBadge } from "@/components/ui/severity-badge";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

const numberFormat = new Intl.NumberFormat("en-GB");
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 });

/** The alert's facts and its evidence in plain words (lib/format/signals.ts, unknown keys as sent). */
export function AlertSummary({ alert }: { alert: AlertDetail }) {
  const facts: [string, ReactNode][] = [
    ["Severity", <SeverityBadge key="s" severity={alert.severity} />],
    ["Status", <AlertStatusBadge key="t" status={alert.status} />],
    ["Type", alertTypeLabel(alert.alert_type)],
    ...(alert.resolution ? ([["Outcome", resolutionLabel(alert.resolution)]] as [string, ReactNode][]) : []),
    ...(alert.case_id
      ? ([
          [
            "Case",
            <Link
              key="case"
              href={`/cases/${encodeURIComponent(alert.case_id)}`}
              className="font-mono text-xs underline underline-offset-4"
            >
              {alert.case_id}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
    ["Grouped by", <UserText key="k" value={alert.key} className="font-mono text-xs break-all" />],
    ["Confidence", percent.format(alert.confidence)],
    ["Affected users", numberFormat.format(alert.affected_users)],
    ["Affected transactions", numberFormat.format(alert.affected_transactions)],
    ["Exposure", alert.exposure.currency ? formatAmount(alert.exposure.amount, alert.exposure.currency) : "—"],
    ["Due", <SlaBadge key="d" dueAt={alert.due_at} state={alert.sla_state} finished={alert.status === "resolved"} />],
    ["Age", <Age key="a" createdAt={alert.created_at} />],
    ["Created", <LocalDateTime key="c" value={alert.created_at} />],
    ["Updated", <LocalDateTime key="u" value={alert.updated_at} />],
  ];
  const evidence = describeEvidence(alert.evidence);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="section" aria-labelledby="alert-facts" className="p-5">
        <h2 id="alert-facts" className="text-base font-semibold">
          Alert
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {alert.resolution_notes ? (
          <div className="mt-4 border-t border-border pt-4">
            <h3 className="text-sm font-semibold">Resolution notes</h3>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap">
              <UserText value={alert.resolution_notes} />
            </p>
          </div>
        ) : null}
      </Card>
      <Card as="section" aria-labelledby="alert-evidence" className="p-5">
        <h2 id="alert-evidence" className="text-base font-semibold">
          Evidence
        </h2>
        {evidence.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">The detector reported no evidence beyond the summary.</p>
        ) : (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-evidence>
            {evidence.map((line) => (
              <div key={line.key} className="contents">
                <dt className="text-muted-foreground" title={line.key}>
                  {line.known ? line.label : <UserText value={line.label} />}
                </dt>
                <dd className="break-all">
                  <UserText value={line.value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </div>
  );
}
