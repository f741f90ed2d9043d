import { ShieldAlert, ShieldCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { chainStatus, type ChainCheck } from "@/lib/format/chain";
import { cn } from "@/lib/utils/cn";

/**
 * Whether a tamper-evident history verifies, from the API's check: "Chain verified" or "Chain
 * broken at entry N", with what that means. `null` when the check could not be read.
 */
export function ChainBadge({ check, className }: { check: ChainCheck | null; className?: string }) {
  if (!check) {
    return (
      <p className={cn("text-xs text-muted-foreground", className)} data-testid="chain-status">
        The chain could not be checked just now.
      </p>
    );
  }
  const status = chainStatus(check);
  const Icon = status.ok ? ShieldCheck : ShieldAlert;
  return (
    <div className={cn("grid gap-1", className)} data-testid="chain-status">
      <Badge tone={status.ok ? "success" : "danger"} className="w-fit gap-1">
        <Icon aria-hidden="true" className="size-3.5" />
        {status.label}
      </Badge>
      <p className="text-xs text-muted-foreground">{status.detail}</p>
    </div>
  );
}
