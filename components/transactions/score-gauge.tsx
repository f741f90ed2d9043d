import { riskBandOf, riskLevelLabel } from "@/lib/format/transaction";
import { cn } from "@/lib/utils/cn";

type ScoreGaugeProps = {
  score: number;
  /** The account's thresholds at scoring time (from the explanation), when the API kept them. */
  bands?: { block: number; challenge: number };
  /** The engine's decision: the band when the thresholds are unknown. */
  decision: string;
};

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The 0–100 score on a bar split into the account's bands (allow green, challenge amber, block
 * red) with a marker at the score. One image for assistive technology, named with the numbers.
 */
export function ScoreGauge({ score, bands, decision }: ScoreGaugeProps) {
  const level = riskBandOf(score, bands, decision);
  // Unknown thresholds: one neutral bar, no band marks (the console does not guess the bands).
  const challenge = bands ? clamp(bands.challenge) : 100;
  const block = bands ? clamp(Math.max(bands.block, bands.challenge)) : 100;
  const position = clamp(score);
  return (
    <div
      role="img"
      aria-label={`Risk score ${score} of 100: ${riskLevelLabel(level).toLowerCase()}.${bands ? ` Challenge from ${bands.challenge}, block from ${bands.block}.` : ""}`}
      className="grid gap-1.5"
    >
      <div className="flex items-baseline gap-2" aria-hidden="true">
        <span
          className={cn(
            "text-4xl font-semibold tabular-nums",
            level === "high" ? "text-danger" : level === "medium" ? "text-warning" : "text-success",
          )}
        >
          {score}
        </span>
        <span className="text-sm text-muted-foreground">/ 100</span>
      </div>
      <div className="relative h-3 w-full overflow-visible rounded-full" aria-hidden="true">
        <div className="absolute inset-0 flex overflow-hidden rounded-full">
          {bands ? (
            <>
              <div className="h-full bg-success/70" style={{ width: `${challenge}%` }} />
              <div className="h-full bg-warning/70" style={{ width: `${block - challenge}%` }} />
              <div className="h-full flex-1 bg-danger/70" />
            </>
          ) : (
            <div className="h-full flex-1 bg-border-strong" />
          )}
        </div>
        <div
          className="absolute -top-1 h-5 w-1 -translate-x-1/2 rounded-full bg-foreground ring-2 ring-surface"
          style={{ left: `${position}%` }}
        />
      </div>
      <div className="relative h-4 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
        <span className="absolute left-0">0</span>
        {bands ? (
          <>
            <span className="absolute -translate-x-1/2" style={{ left: `${challenge}%` }}>
              {bands.challenge}
            </span>
            <span className="absolute -translate-x-1/2" style={{ left: `${block}%` }}>
              {bands.block}
            </span>
          </>
        ) : null}
        <span className="absolute right-0">100</span>
      </div>
    </div>
  );
}
