import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { UserText } from "@/components/ui/user-text";
import type { Approval, Case, Policy, ScreeningDetail } from "@/lib/api/wire";
import { formatMinorUnits, heldReviewLabel } from "@/lib/format/approval";
import { caseStatusLabels, caseTypeLabels } from "@/lib/format/case";
import { describeRule } from "@/lib/format/policy";
import { resolutionLabel } from "@/lib/format/resolution";
import { listLabel, reviewStateLabel, screeningStatusLabels } from "@/lib/format/screening";
import { policyChanges, type DraftRule } from "@/lib/schemas/policy-draft";

// The two halves of an approval's side-by-side view: the object as it is now (left) and what the
// maker decided about it (right). Nothing on the left changes until the approval is approved.

export type ApprovalSubject =
  | { kind: "case"; kase: Case }
  | { kind: "screening"; screening: ScreeningDetail }
  | { kind: "policy"; policy: Policy }
  | { kind: "unavailable"; message: string };

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Half({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="grid content-start gap-4 p-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Now({ subject }: { subject: ApprovalSubject }) {
  if (subject.kind === "unavailable") return <p className="text-sm text-muted-foreground">{subject.message}</p>;
  if (subject.kind === "case") {
    const k = subject.kase;
    return (
      <Facts
        rows={[
          [
            "Case",
            <Link key="c" href={`/cases/${encodeURIComponent(k.case_id)}`} className="font-medium underline underline-offset-4">
              <UserText value={k.title} />
            </Link>,
          ],
          ["Status", caseStatusLabels[k.status]],
          ["Outcome", resolutionLabel(k.resolution)],
          ["Severity", <SeverityBadge key="v" severity={k.severity} />],
          ["Type", caseTypeLabels[k.case_type]],
          ["Transactions", `${k.transaction_ids.length} linked`],
          ["Alerts", `${k.alert_ids.length} linked`],
          ["Version", String(k.version)],
        ]}
      />
    );
  }
  if (subject.kind === "screening") {
    const s = subject.screening;
    return (
      <>
        <Facts
          rows={[
            [
              "Screened name",
              <Link key="n" href={`/watchlist/${encodeURIComponent(s.screening_id)}`} className="font-medium underline underline-offset-4">
                <UserText value={s.name} />
              </Link>,
            ],
            ["Result", screeningStatusLabels[s.status]],
            ["Review", reviewStateLabel(s.review_state)],
            ["User", s.user_id ? <UserText key="u" value={s.user_id} /> : "—"],
          ]}
        />
        <ul className="grid gap-2 text-sm">
          {s.matches.slice(0, 5).map((m) => (
            <li key={`${m.list}-${m.entity_id}`} className="rounded-lg border border-border p-3">
              <UserText value={m.entity_name} /> · {listLabel(m.list)} · match {Math.round(m.match_score * 100)} %
            </li>
          ))}
        </ul>
      </>
    );
  }
  const p = subject.policy;
  return (
    <Facts
      rows={[
        ["Block at", `score ≥ ${p.score_bands.block}`],
        ["Challenge at", `score ≥ ${p.score_bands.challenge}`],
        ["Rules", p.rules.length === 0 ? "None" : p.rules.map((r) => describeRule(r)).join("; ")],
        ["Version", String(p.version)],
      ]}
    />
  );
}

function Decided({ approval, subject, makerName }: { approval: Approval; subject: ApprovalSubject; makerName: string }) {
  const r = approval.request;
  const maker: [string, ReactNode] = ["Asked by", <UserText key="m" value={makerName} />];
  if (approval.action === "case_resolution") {
    return (
      <Facts
        rows={[
          maker,
          ["Move to", "Resolved"],
          ["Outcome", resolutionLabel(typeof r.resolution === "string" ? r.resolution : null)],
          ["Notes", typeof r.notes === "string" && r.notes !== "" ? <UserText key="n" value={r.notes} /> : "—"],
          ["Exposure", typeof r.exposure === "number" ? formatMinorUnits(r.exposure) : "—"],
          ["On version", String(approval.object_version ?? "—")],
        ]}
      />
    );
  }
  if (approval.action === "screening_review") {
    return (
      <Facts
        rows={[
          maker,
          ["Review", heldReviewLabel(r)],
          ["Notes", typeof r.notes === "string" && r.notes !== "" ? <UserText key="n" value={r.notes} /> : "—"],
        ]}
      />
    );
  }
  const patch = (r.policy ?? {}) as Partial<Pick<Policy, "score_bands" | "rules">>;
  const changes =
    subject.kind === "policy"
      ? policyChanges(subject.policy, {
          score_bands: patch.score_bands ?? subject.policy.score_bands,
          rules: (patch.rules ?? subject.policy.rules).map((rule, i) => ({ ...rule, key: rule.id ?? `new-${i}` }) as DraftRule),
        })
      : [];
  return (
    <>
      <Facts rows={[maker, ["On version", String(approval.object_version ?? "—")]]} />
      <div>
        <h3 className="mb-2 text-sm font-medium">Changes</h3>
        {changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No difference from the policy as it is now.</p>
        ) : (
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** The object now beside the maker's decision, as two cards that stack on narrow screens. */
export function ApprovalSideBySide({ approval, subject, makerName }: { approval: Approval; subject: ApprovalSubject; makerName: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Half id="approval-now" title={approval.status === "approved" ? "The object now (approved)" : "As it is now"}>
        <Now subject={subject} />
      </Half>
      <Half id="approval-decided" title="What the maker decided">
        <Decided approval={approval} subject={subject} makerName={makerName} />
      </Half>
    </div>
  );
}
