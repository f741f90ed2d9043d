import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/** The elements a card may be: a plain box, a section or aside with its heading, a paragraph, a list item. */
type CardElement = "div" | "section" | "aside" | "p" | "li";

/** The card surface, for the few elements that cannot be a Card (a link, a form, a dialog's content). */
export const cardClasses = "rounded-xl border border-border bg-surface text-foreground shadow-sm";

/**
 * The console's one card surface. `as` keeps the element right for the outline (a section with
 * its heading, a list item) without restating the card's classes.
 */
export function Card({ as = "div", className, ...props }: ComponentProps<"div"> & { as?: CardElement }) {
  // Every CardElement takes the props of a div that a card is given (className, aria-*, handlers).
  const Element = as as "div";
  return <Element className={cn(cardClasses, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-5 pb-0", className)} {...props} />;
}

// Rendered as a heading so cards are reachable through a screen reader's heading list; pick
// the level that fits the page outline.
export function CardTitle({ className, as: Heading = "h3", ...props }: ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4" }) {
  return <Heading className={cn("text-base font-semibold tracking-tight", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm leading-relaxed text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-5", className)} {...props} />;
}
