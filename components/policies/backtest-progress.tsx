import type { Backtest } from "@/lib/api/wire";

/** The job's progress: scores replayed of those in the period (counted when the job starts). */
export function BacktestProgress({ backtest }: { backtest: Backtest }) {
  const { scanned, total } = backtest.progress;
  const counted = backtest.status === "running" && total > 0;
  const percent = counted ? Math.min(100, Math.round((scanned / total) * 100)) : 0;
  const words = counted
    ? `${scanned.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} scores replayed`
    : backtest.status === "queued"
      ? "Waiting for the job to start…"
      : "Counting the period's scores…";
  return (
    <div className="grid gap-2" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Backtest progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
        className="h-2.5 overflow-hidden rounded-full border border-border bg-surface-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{words}</p>
    </div>
  );
}
