import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export const inputClassName = cn(
  "block h-10 w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-foreground shadow-xs",
  "placeholder:text-muted-foreground/80",
  "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring",
  "disabled:cursor-not-allowed disabled:opacity-60",
  "aria-[invalid=true]:border-danger",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClassName, className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  // A native <select>: the platform's own keyboard and screen-reader behaviour, on every device.
  return <select className={cn(inputClassName, "appearance-auto pr-8", className)} {...props} />;
}
