import Link from "next/link";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";
import { buttonVariants, type ButtonVariantProps } from "./button";

export type LinkButtonProps = ComponentProps<typeof Link> & ButtonVariantProps;

// Navigation that looks like a button. It stays an <a>, so it opens in a new tab, shows its
// target on hover and is announced as a link by screen readers.
export function LinkButton({ className, variant, size, ...props }: LinkButtonProps) {
  return <Link className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
