import { cn } from "@/lib/utils/cn";
import { CopyButton } from "./copy-button";

/** The API's request id of a failure, copyable, for a report to whoever runs the API. */
export function RequestId({ value, className }: { value: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)}>
      Request ID <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-foreground select-all">{value}</code>
      <CopyButton value={value} label="Copy request ID" variant="ghost" size="sm" className="h-7 px-2" />
    </span>
  );
}
