import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { decisionChain, decisionLabel, decisionReasonLabel } from "@/lib/format/decision";
import type { DecisionRecord } from "@/lib/api/wire";
import { cn } from "@/lib/utils/cn";
import { UserText } from "@/components/ui/user-text";
import { DecisionBadge } from "./transaction-badges";
import { Card } from "@/components/ui/card";
import { ChainBadge } from "@/components/ui/chain-badge";
import type { ChainCheck } from "@/lib/format/chain";

type DecisionChainProps = {
  /** The transaction's manual decisions (any order; the API gives them oldest first). */
  decisions: DecisionRecord[];
  /** The engine's own decision, the start of the chain. */
  engineDecision: string;
  /** Analyst id → name; unknown ids (an API key's caller) are shown as they are. */
  names: Record<string, string>;
  /** Whether the chain's hashes verify (the API's check of the stored decisions). */
  check: ChainCheck | null;
};

/**
 * The decision chain, newest first: the record in force on top, each earlier one marked as
 * superseded by the next (records are immutable: a correction is a new record).
 */
export function DecisionChain({ decisions, engineDecision, names, check }: DecisionChainProps) {
  const chain = decisionChain(decisions);
  const newestFirst = [...chain].reverse();
  return (
    <Card as="section" aria-labelledby="txn-decisions" className="p-5">
      <h2 id="txn-decisions" className="text-base font-semibold">
        Decision chain
      </h2>
      {decisions.length > 0 ? <ChainBadge check={check} className="mt-2" /> : null}
      <ol className="mt-3 grid gap-3">
        {newestFirst.map(({ record, current }, index) => {
          const supersededBy = index > 0 ? newestFirst[index - 1]?.record : undefined;
          return (
            <li
              key={record.decision_id}
              className={cn(
                "grid gap-1 rounded-lg border p-3 text-sm",
                current ? "border-border-strong" : "border-border bg-surface-muted/60",
              )}
            >
              <div className="flex flex-wrap items-center gap-2">
                <DecisionBadge decision={record.decision} />
                <span className={cn("font-medium", !current && "text-muted-foreground line-through decoration-1")}>
                  {decisionReasonLabel(record.reason)}
                </span>
                {current ? <Badge tone="accent">In force</Badge> : <Badge>Superseded</Badge>}
                <DateTime value={record.created_at} className="ml-auto text-xs text-muted-foreground" />
              </div>
              <p className="text-xs text-muted-foreground">
                by{" "}
                <span className="font-medium text-foreground">
                  {record.analyst_id ? <UserText value={names[record.analyst_id] ?? record.analyst_id} /> : "the API (no analyst named)"}
                </span>
                {supersededBy ? (
                  <>
                    {" "}
                    · replaced by {decisionLabel(supersededBy.decision).toLowerCase()} on <DateTime value={supersededBy.created_at} />
                  </>
                ) : null}
              </p>
              {record.notes ? (
                <p className="rounded-md bg-surface-muted p-2 break-words whitespace-pre-wrap">
                  <UserText value={record.notes} />
                </p>
              ) : null}
              <p className="font-mono text-xs text-muted-foreground">{record.decision_id}</p>
            </li>
          );
        })}
        <li className="grid gap-1 rounded-lg border border-dashed border-border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <DecisionBadge decision={engineDecision} />
            <span className="font-medium">Risk engine</span>
            {chain.length === 0 ? <Badge tone="accent">In force</Badge> : <Badge>Superseded</Badge>}
          </div>
          <p className="text-xs text-muted-foreground">
            {chain.length === 0
              ? "No analyst has reviewed this transaction yet."
              : "The engine's decision when the transaction was scored."}
          </p>
        </li>
      </ol>
    </Card>
  );
}
