import { TriangleAlert } from "lucide-react";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { RequestId } from "./request-id";

/** A failed submission, inside the form or dialog that made it, with the API's request id. */
export function FormError({ error, className }: { error: SafeError | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <div role="alert" className={cn("flex gap-2.5 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm", className)}>
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div className="grid gap-1">
        <p>{error.message}</p>
        {error.requestId ? <RequestId value={error.requestId} /> : null}
      </div>
    </div>
  );
}
