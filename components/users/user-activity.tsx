import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { UserText } from "@/components/ui/user-text";
import type { ListedTransaction, UserProfile } from "@/lib/api/wire";
import { decisionLabel, decisionReasonLabel } from "@/lib/format/decision";
import { reviewStateLabel, screeningStatusLabels } from "@/lib/format/screening";
import { formatAmount } from "@/lib/format/transaction";

const n = (value: number) => value.toLocaleString("en-GB");
const counts = (c: { allow: number; challenge: number; block: number }) =>
  `${n(c.allow)} allowed, ${n(c.challenge)} challenged, ${n(c.block)} blocked`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="p-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Activity, decisions, labels and the latest identity verification. */
export function UserSummary({ profile }: { profile: UserProfile }) {
  const v = profile.latest_verification;
  return (
    <Section id="user-profile" title="Profile">
      <Facts
        rows={[
          ["First seen", <DateTime key="f" value={profile.first_seen_at} />],
          ["Last seen", <DateTime key="l" value={profile.last_seen_at} />],
          ["Transactions", n(profile.transaction_count)],
          ["Engine decisions", counts(profile.decisions.engine)],
          ["Analyst decisions", counts(profile.decisions.analyst)],
          [
            "Waiting for review",
            profile.decisions.pending_review > 0 ? (
              <IntentLink
                key="p"
                href={`/transactions?show=review&user_id=${encodeURIComponent(profile.user_id)}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {n(profile.decisions.pending_review)} in the Needs review queue
              </IntentLink>
            ) : (
              "None"
            ),
          ],
          ["Labels", `${n(profile.labels.fraud)} confirmed fraud, ${n(profile.labels.legit)} legitimate`],
          [
            "Latest verification",
            v ? (
              <IntentLink key="v" href={`/identity/${encodeURIComponent(v.verification_id)}`} className="underline underline-offset-4">
                {v.status.replaceAll("_", " ")}, <DateTime value={v.created_at} />
              </IntentLink>
            ) : (
              <span className="text-muted-foreground">None</span>
            ),
          ],
        ]}
      />
    </Section>
  );
}

/** The user's latest transactions (newest first) with the decision in force and the label. */
export function UserTransactions({ rows, total }: { rows: readonly ListedTransaction[]; total: number }) {
  return (
    <Section id="user-transactions" title={`Transactions (${n(total)})`}>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No transactions.</p>
      ) : (
        <ul className="mt-3 grid divide-y divide-border rounded-lg border border-border">
          {rows.map((t) => (
            <li key={t.transaction_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <IntentLink
                href={`/transactions/${encodeURIComponent(t.transaction_id)}`}
                className="font-mono text-xs font-medium break-all underline-offset-4 hover:underline focus-visible:underline"
              >
                {t.transaction_id}
              </IntentLink>
              <span className="text-xs text-muted-foreground tabular-nums">{formatAmount(t.amount, t.currency)}</span>
              <DateTime value={t.created_at} className="text-xs text-muted-foreground" />
              <span className="ml-auto flex items-center gap-2 text-xs">
                <span>Score {t.risk_score}</span>
                <Badge>{decisionLabel(t.final_decision)}</Badge>
                {t.latest_decision ? (
                  <span className="text-muted-foreground">analyst</span>
                ) : (
                  <span className="text-muted-foreground">engine</span>
                )}
                {t.label ? <Badge>{t.label === "fraud" ? "Fraud" : "Legitimate"}</Badge> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > rows.length ? (
        <p className="mt-2 text-xs text-muted-foreground">
          The {rows.length} latest of {n(total)}.
        </p>
      ) : null}
    </Section>
  );
}

/** The latest analyst decisions on the user's transactions. */
export function UserDecisions({ profile, names }: { profile: UserProfile; names: Record<string, string> }) {
  const latest = profile.decisions.latest;
  return (
    <Section id="user-decisions" title="Latest decisions">
      {latest.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No analyst has decided on this user&apos;s transactions.</p>
      ) : (
        <ul className="mt-3 grid gap-2 text-sm">
          {latest.map((d) => (
            <li key={d.decision_id} className="flex flex-wrap items-center gap-x-2">
              <Badge>{decisionLabel(d.decision)}</Badge>
              <span>{decisionReasonLabel(d.reason)}</span>
              <span className="text-muted-foreground">by</span>
              <UserText value={d.analyst_id ? (names[d.analyst_id] ?? d.analyst_id) : "the API"} />
              {d.transaction_id ? (
                <IntentLink
                  href={`/transactions/${encodeURIComponent(d.transaction_id)}`}
                  className="font-mono text-xs underline-offset-4 hover:underline"
                >
                  {d.transaction_id}
                </IntentLink>
              ) : null}
              <DateTime value={d.created_at} className="text-xs text-muted-foreground" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Watchlist screenings, open alerts and cases about the user. */
export function UserReviews({ profile }: { profile: UserProfile }) {
  const idLinks = (ids: readonly string[], base: string, empty: string) =>
    ids.length === 0 ? (
      <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
    ) : (
      <ul className="mt-2 grid gap-1">
        {ids.map((id) => (
          <li key={id}>
            <IntentLink
              href={`${base}/${encodeURIComponent(id)}`}
              className="font-mono text-xs text-primary underline-offset-4 hover:underline"
            >
              {id}
            </IntentLink>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Section id="user-screenings" title={`Screenings (${profile.screenings.length})`}>
        {profile.screenings.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Never screened against the watchlists.</p>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm">
            {profile.screenings.map((s) => (
              <li key={s.screening_id}>
                <IntentLink
                  href={`/watchlist/${encodeURIComponent(s.screening_id)}`}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  {screeningStatusLabels[s.status]}
                </IntentLink>{" "}
                <span className="text-muted-foreground">
                  ({reviewStateLabel(s.review_state)}), <DateTime value={s.screened_at} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="user-alerts" title={`Open alerts (${profile.open_alert_ids.length})`}>
        {idLinks(profile.open_alert_ids, "/alerts", "No open alert names this user.")}
      </Section>
      <Section id="user-cases" title={`Cases (${profile.case_ids.length})`}>
        {idLinks(profile.case_ids, "/cases", "No case about this user.")}
      </Section>
    </div>
  );
}
