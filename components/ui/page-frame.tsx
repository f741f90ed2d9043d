import { RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { ErrorState } from "./error-state";
import { LinkButton } from "./link-button";
import { PageHeader } from "./page-header";
import { Card } from "./card";

/** A console page: its title block (the h1) and, below it, the page's content. */
export function PageFrame({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className={cn("mt-8", className)}>{children}</div>
    </>
  );
}

/**
 * A section that failed to load on the server, in place of its content, with the API's request id.
 * "Try again" is a plain link to the page (no prefetch), so it re-runs the server render.
 */
export function LoadErrorPanel({
  title,
  error,
  retryHref,
  className,
}: {
  title: string;
  error: SafeError;
  retryHref: string;
  className?: string;
}) {
  return (
    <Card className={className}>
      <ErrorState
        title={title}
        error={error}
        action={
          <LinkButton href={retryHref} variant="secondary" prefetch={false}>
            <RotateCcw aria-hidden="true" />
            Try again
          </LinkButton>
        }
      />
    </Card>
  );
}
