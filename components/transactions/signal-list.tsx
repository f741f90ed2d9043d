import { Badge } from "@/components/ui/badge";
import { explainSignal, formatPoints, sortSignals, weightLabel } from "@/lib/format/signals";
import type { Transaction } from "@/lib/api/wire";
import { cn } from "@/lib/utils/cn";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

type SignalListProps = {
  transaction: Pick<Transaction, "signals" | "explanation" | "risk_score">;
  /** The API's catalogue (name → trigger, points), for signals the console cannot explain itself. */
  catalogue: Record<string, { trigger: string; points: number }>;
};

type Row = { name: string; weight: string; points?: number; learned?: number; detail?: string };

const round = (value: number) => Math.abs(Math.round(value * 10) / 10);

/** "Base 10 + 50 − 10": the score's arithmetic, as the engine did it (README "Model and decision"). */
function sumText(base: number, rows: Row[]): string {
  const terms = rows
    .filter((row) => row.points !== undefined)
    .map((row) => ` ${(row.points as number) < 0 ? "−" : "+"} ${round(row.points as number)}`);
  return `Base ${base}${terms.join("")}`;
}

const weightTone = { high_risk: "danger", medium_risk: "warning", low_risk: "success" } as const;

/**
 * Why the score is what it is: every signal that fired, strongest first, in plain words, with its
 * points and what the engine saw for this transaction; then the sum and what decided.
 */
export function SignalList({ transaction, catalogue }: SignalListProps) {
  const explanation = transaction.explanation;
  const rows: Row[] = explanation
    ? explanation.contributions.map((c) => ({ name: c.name, weight: c.weight, points: c.points, learned: c.learned, detail: c.detail }))
    : transaction.signals.map((s) => ({ name: s.name, weight: s.weight, points: catalogue[s.name]?.points }));
  const sorted = sortSignals(rows);
  const raw = explanation ? Math.round((explanation.base + sorted.reduce((sum, row) => sum + (row.points ?? 0), 0)) * 10) / 10 : null;

  return (
    <Card as="section" aria-labelledby="txn-signals" className="p-5">
      <h2 id="txn-signals" className="text-base font-semibold">
        Why this score
      </h2>
      {sorted.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No signal fired: the score is the engine&apos;s base score for a transaction with nothing unusual about it.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {sorted.map((row) => {
            const text = explainSignal(row, catalogue[row.name]?.trigger ?? row.detail);
            return (
              <li key={row.name} className="grid gap-1 rounded-lg border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{text.title}</span>
                  <Badge tone={weightTone[row.weight as keyof typeof weightTone] ?? "neutral"}>{weightLabel(row.weight)}</Badge>
                  {row.points !== undefined ? (
                    <span
                      className={cn(
                        "ml-auto text-sm font-medium tabular-nums",
                        row.points > 0 ? "text-danger" : row.points < 0 ? "text-success" : "text-muted-foreground",
                      )}
                    >
                      {formatPoints(row.points)}
                    </span>
                  ) : null}
                </div>
                <p className="text-sm leading-relaxed">
                  {/* The explanation may quote what the request carried (its detail). */}
                  <UserText value={text.summary} />
                </p>
                {text.known && catalogue[row.name]?.trigger ? (
                  // The engine's own rule, thresholds included, as the API serves it.
                  <p className="text-xs text-muted-foreground">Rule: {catalogue[row.name]?.trigger}</p>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  <code className="font-mono">{row.name}</code>
                  {row.detail ? (
                    <>
                      {" "}
                      · Seen here: <UserText value={row.detail} />
                    </>
                  ) : null}
                  {row.learned ? <> · {formatPoints(row.learned)} learned from this account&apos;s fraud labels</> : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {explanation ? (
        <p className="mt-4 text-sm text-muted-foreground">
          {sumText(explanation.base, sorted)}
          {raw === transaction.risk_score ? " = " : ` = ${raw}, kept between 0 and 100: `}
          <strong className="text-foreground">{transaction.risk_score}</strong>.{" "}
          {explanation.rule ? (
            <>
              The rule{" "}
              <strong className="text-foreground">
                <UserText value={explanation.rule.name} />
              </strong>{" "}
              decided {explanation.rule.action}.
            </>
          ) : (
            <>
              The score bands decided {explanation.band_decision} (challenge from {explanation.bands.challenge}, block from{" "}
              {explanation.bands.block}; policy version {explanation.policy_version}).
            </>
          )}
        </p>
      ) : null}
    </Card>
  );
}
