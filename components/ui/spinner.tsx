import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils/cn";

/** A busy indicator; pair it with visible text or give it a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn("size-4 animate-spin motion-reduce:animate-none", className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? "img" : undefined}
    />
  );
}
