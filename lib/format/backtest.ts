import type { BacktestResult } from "../api/wire";

// The backtest result in the console's words (components/policies/backtest-result.tsx).

/** "1 decision", "1,204 decisions". */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}

type Outcomes = BacktestResult["outcomes"];

/** Caught fraud, missed fraud and false positives, engine against draft, with what changes. */
export function outcomeRows(outcomes: Outcomes): { label: string; live: number; draft: number; change: string }[] {
  const delta = (added: number, removed: number, more: string, fewer: string) =>
    [added > 0 ? `${added.toLocaleString("en-US")} ${more}` : null, removed > 0 ? `${removed.toLocaleString("en-US")} ${fewer}` : null]
      .filter(Boolean)
      .join(", ") || "No change";
  return [
    {
      label: "Fraud caught (challenged or blocked)",
      live: outcomes.live.fraud_caught,
      draft: outcomes.draft.fraud_caught,
      change: delta(outcomes.fraud_caught_added, outcomes.fraud_caught_lost, "more caught", "no longer caught"),
    },
    {
      label: "Fraud missed (allowed)",
      live: outcomes.live.fraud_missed,
      draft: outcomes.draft.fraud_missed,
      change: delta(outcomes.fraud_caught_lost, outcomes.fraud_caught_added, "more missed", "fewer missed"),
    },
    {
      label: "False positives (legitimate, challenged or blocked)",
      live: outcomes.live.false_positives,
      draft: outcomes.draft.false_positives,
      change: delta(outcomes.false_positives_added, outcomes.false_positives_removed, "added", "removed"),
    },
  ];
}
