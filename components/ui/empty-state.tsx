import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  titleAs: Title = "p",
}: {
  icon?: ReactNode;
  title: string;
  /** A heading when the state is the whole page (a 403, a 404). */
  titleAs?: "p" | "h1" | "h2";
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 px-6 py-14 text-center", className)}>
      {icon ? (
        <span
          aria-hidden="true"
          className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-surface-muted text-muted-foreground [&_svg]:size-5"
        >
          {icon}
        </span>
      ) : null}
      <Title className="text-base font-semibold">{title}</Title>
      {description ? <p className="max-w-md text-sm leading-relaxed text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
