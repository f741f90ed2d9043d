import { Fragment, type ReactNode } from "react";
import { ChainBadge } from "@/components/ui/chain-badge";
import { DateTime } from "@/components/ui/date-time";
import { UserText } from "@/components/ui/user-text";
import type { CaseExport } from "@/lib/api/wire";
import { alertSeverityLabels, alertStatusLabels, alertTypeLabel } from "@/lib/format/alert";
import { caseStatusLabels, caseTypeLabels } from "@/lib/format/case";
import { describeCaseEvent } from "@/lib/format/case-events";
import { decisionLabel, decisionReasonLabel } from "@/lib/format/decision";
import { resolutionLabel } from "@/lib/format/resolution";
import { screeningStatusLabels } from "@/lib/format/screening";
import { formatAmount } from "@/lib/format/transaction";

// The case's full record on paper: everything the JSON export holds, in reading order, with no
// interactive parts. Print CSS (break-inside: avoid per block) keeps an entry on one page.

const block = "break-inside-avoid rounded-lg border border-border p-4 print:rounded-none print:border-0 print:border-t print:px-0";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CasePrintView({ record, names }: { record: CaseExport; names: Record<string, string> }) {
  const kase = record.case;
  const name = (id: string | null | undefined) => (id ? <UserText value={names[id] ?? id} /> : "nobody");
  return (
    <article className="grid gap-8 print:gap-6" aria-label="Case record">
      <Section id="print-case" title="Case">
        <Facts
          rows={[
            ["Status", caseStatusLabels[kase.status]],
            ["Outcome", kase.resolution ? resolutionLabel(kase.resolution) : "—"],
            ["Severity", alertSeverityLabels[kase.severity as keyof typeof alertSeverityLabels] ?? kase.severity],
            ["Type", caseTypeLabels[kase.case_type]],
            ["Assignee", name(kase.assignee_id)],
            ["User", kase.user_id ? <UserText value={kase.user_id} /> : "—"],
            ["Created", <DateTime key="c" value={kase.created_at} />],
            ["Updated", <DateTime key="u" value={kase.updated_at} />],
            ["Exported", <DateTime key="e" value={record.exported_at} />],
          ]}
        />
      </Section>

      <Section id="print-audit" title={`Audit log (${record.audit.length})`}>
        <ChainBadge check={record.chains.audit} />
        <ol className="grid gap-2 text-sm">
          {record.audit.map((event) => (
            <li key={event.event_id} className="break-inside-avoid">
              <span className="text-muted-foreground">#{event.seq} </span>
              <DateTime value={event.timestamp} className="text-muted-foreground" />{" "}
              <strong className="font-medium">{name(event.actor_id)}</strong>{" "}
              {describeCaseEvent(event, name).map((part, i) => (
                <Fragment key={i}>{part}</Fragment>
              ))}
              {event.note ? (
                <p className="mt-1 break-words whitespace-pre-wrap">
                  <UserText value={event.note} />
                </p>
              ) : null}
              {event.hash ? <p className="font-mono text-[0.625rem] break-all text-muted-foreground">sha256 {event.hash}</p> : null}
            </li>
          ))}
        </ol>
      </Section>

      <Section id="print-transactions" title={`Linked transactions (${record.transactions.length})`}>
        {record.transactions.length > 0 ? <ChainBadge check={record.chains.decisions} /> : <p className="text-sm">None.</p>}
        {record.transactions.map((t) => (
          <div key={t.transaction_id} className={block}>
            <p className="font-mono text-xs">{t.transaction_id}</p>
            <Facts
              rows={[
                ["Amount", formatAmount(t.amount, t.currency)],
                ["User", <UserText key="u" value={t.user_id} />],
                ["Score", String(t.risk_score)],
                ["Engine decision", decisionLabel(t.decision)],
                ["Signals", t.signals.map((s) => s.name).join(", ") || "none"],
                ["Scored", <DateTime key="d" value={t.created_at} />],
              ]}
            />
            {t.decisions.length > 0 ? (
              <ol className="mt-2 grid gap-1 text-sm">
                {t.decisions.map((d) => (
                  <li key={d.decision_id}>
                    #{d.seq} <DateTime value={d.created_at} className="text-muted-foreground" /> {decisionLabel(d.decision)} (
                    {decisionReasonLabel(d.reason)}) by {d.analyst_id ? name(d.analyst_id) : "the API (no analyst named)"}
                    {d.notes ? (
                      <>
                        : <UserText value={d.notes} />
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">No analyst decision.</p>
            )}
          </div>
        ))}
      </Section>

      <Section id="print-alerts" title={`Linked alerts (${record.alerts.length})`}>
        {record.alerts.length === 0 ? <p className="text-sm">None.</p> : null}
        {record.alerts.map((a) => (
          <div key={a.alert_id} className={block}>
            <p className="font-medium">
              {alertTypeLabel(a.alert_type)}: {alertSeverityLabels[a.severity]}, {alertStatusLabels[a.status]}
              {a.resolution ? `, ${resolutionLabel(a.resolution)}` : ""}
            </p>
            <p className="font-mono text-xs">{a.alert_id}</p>
            <p className="mt-1 text-sm">
              <UserText value={a.summary} />
            </p>
            <ol className="mt-2 grid gap-1 text-sm">
              {a.history.map((h) => (
                <li key={h.event_id}>
                  <DateTime value={h.timestamp} className="text-muted-foreground" /> {name(h.actor_id)} {h.action.replaceAll("_", " ")}
                  {h.to ? ` to ${h.to}` : ""}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </Section>

      <Section id="print-screenings" title={`Watchlist screenings (${record.screenings.length})`}>
        {record.screenings.length === 0 ? <p className="text-sm">None.</p> : null}
        <ul className="grid gap-1 text-sm">
          {record.screenings.map((s) => (
            <li key={s.screening_id}>
              <DateTime value={s.screened_at} className="text-muted-foreground" /> <UserText value={s.name} />:{" "}
              {screeningStatusLabels[s.status]}
              {s.matches.length > 0 ? `, ${s.matches.length} possible ${s.matches.length === 1 ? "match" : "matches"}` : ""}
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
