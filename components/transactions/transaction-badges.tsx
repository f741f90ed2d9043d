import { Badge } from "@/components/ui/badge";
import { decisionLabel } from "@/lib/format/decision";
import { riskLevelLabel } from "@/lib/format/transaction";

// Decision and risk colours carry meaning: block and high risk red, challenge and medium amber,
// allow and low green. The word is always shown too: colour is never the only signal.

const decisionTone: Record<string, "success" | "warning" | "danger"> = { allow: "success", challenge: "warning", block: "danger" };
const levelTone: Record<string, "success" | "warning" | "danger"> = { low: "success", medium: "warning", high: "danger" };

export function DecisionBadge({ decision, className }: { decision: string; className?: string }) {
  return (
    <Badge tone={decisionTone[decision] ?? "neutral"} className={className}>
      {decisionLabel(decision)}
    </Badge>
  );
}

export function RiskLevelBadge({ level }: { level: string }) {
  return <Badge tone={levelTone[level] ?? "neutral"}>{riskLevelLabel(level)}</Badge>;
}

/** "73" with its band colour, for tables; the level badge beside it names the band. */
export function RiskScore({ score, level }: { score: number; level: string }) {
  const tone = level === "high" ? "text-danger" : level === "medium" ? "text-warning" : "text-success";
  return <span className={`font-semibold tabular-nums ${tone}`}>{score}</span>;
}
