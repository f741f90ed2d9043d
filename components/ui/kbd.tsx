import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export function Kbd({ className, ...props }: ComponentProps<"kbd">) {
  return (
    <kbd
      className={cn(
        "inline-flex h-6 min-w-6 items-center justify-center rounded border border-border-strong bg-surface-muted px-1.5 font-mono text-xs font-medium text-foreground shadow-[inset_0_-1px_0_var(--border-strong)]",
        className,
      )}
      {...props}
    />
  );
}
