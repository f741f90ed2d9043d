import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

const alertVariants = cva("flex gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0", {
  variants: {
    tone: {
      info: "border-border bg-surface text-foreground [&>svg]:text-muted-foreground",
      danger: "border-danger/40 bg-danger-soft text-foreground [&>svg]:text-danger",
    },
  },
  defaultVariants: { tone: "info" },
});

export type AlertProps = ComponentProps<"div"> & VariantProps<typeof alertVariants>;

// role defaults to "alert" for the danger tone only: an error that appears after a fetch must
// be announced, while an informational note should not interrupt a screen reader.
export function Alert({ className, tone, role, ...props }: AlertProps) {
  return <div role={role ?? (tone === "danger" ? "alert" : "status")} className={cn(alertVariants({ tone }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mt-1 leading-relaxed text-muted-foreground", className)} {...props} />;
}
