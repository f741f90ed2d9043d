import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { riskBandOf } from "@/lib/format/transaction";
import type { Transaction } from "@/lib/api/wire";
import { ScoreGauge } from "./score-gauge";
import { DecisionBadge, RiskLevelBadge } from "./transaction-badges";
import { Card } from "@/components/ui/card";

const labelText: Record<string, string> = { fraud: "Labelled fraud", legit: "Labelled legitimate" };

/** The score at a glance: the gauge, the decision in force, the band, the model and its latency. */
export function ScoreSummary({ transaction: t }: { transaction: Transaction }) {
  const bands = t.explanation?.bands;
  const level = riskBandOf(t.risk_score, bands, t.decision);
  const overridden = t.final_decision !== t.decision;
  // Decisions come oldest first; one sent through the API without analyst_id names nobody.
  const latest = t.decisions[t.decisions.length - 1];
  const who = latest?.analyst_id ? "an analyst" : "a manual decision (no analyst named)";
  const facts: [string, ReactNode][] = [
    [
      "Decision",
      <span key="d" className="flex flex-wrap items-center gap-2">
        <DecisionBadge decision={t.final_decision} />
        {overridden ? (
          <span className="text-xs text-muted-foreground">
            by {who}; the engine said <DecisionBadge decision={t.decision} />
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{latest ? `confirmed by ${who}` : "by the risk engine"}</span>
        )}
      </span>,
    ],
    ["Risk level", <RiskLevelBadge key="l" level={level} />],
    [
      "Model",
      <code key="m" className="font-mono text-xs">
        {t.model_version}
      </code>,
    ],
    [
      "Latency",
      <span key="t" className="tabular-nums">
        {t.latency_ms} ms
      </span>,
    ],
  ];
  if (t.label)
    facts.push([
      "Label",
      <Badge key="x" tone={t.label === "fraud" ? "danger" : "success"}>
        {labelText[t.label] ?? t.label}
      </Badge>,
    ]);

  return (
    <Card as="section" aria-labelledby="txn-score" className="p-5">
      <h2 id="txn-score" className="text-base font-semibold">
        Risk score
      </h2>
      <div className="mt-3 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ScoreGauge score={t.risk_score} bands={bands} decision={t.decision} />
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-6 gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
