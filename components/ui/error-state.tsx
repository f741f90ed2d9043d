import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { RequestId } from "./request-id";

/**
 * A failed load, in place of the content: what happened in words, the API's request id when
 * there is one (what an operator needs to find the failure), and a way to try again.
 */
export function ErrorState({
  error,
  title = "This could not be loaded",
  action,
  className,
}: {
  error: SafeError;
  title?: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center gap-2 px-6 py-12 text-center", className)}>
      <span aria-hidden="true" className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-danger-soft text-danger">
        <TriangleAlert className="size-5" />
      </span>
      <p className="text-base font-semibold">{title}</p>
      <p className="max-w-lg text-sm leading-relaxed text-muted-foreground">{error.message}</p>
      {error.requestId ? <RequestId value={error.requestId} className="mt-1" /> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
