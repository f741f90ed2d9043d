"use client";

import { useAction } from "next-safe-action/hooks";
import { toast } from "sonner";
import { Spinner } from "@/components/ui/spinner";
import { switchEnvironmentAction } from "@/lib/actions/switch-environment";
import { consoleEnvironments, environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { cn } from "@/lib/utils/cn";

/**
 * Production / pre-production, as a two-state segmented control. The choice is stored on the
 * server (a cookie per analyst) and every page re-renders against the other listener and key.
 */
export function EnvironmentSwitcher({ environment }: { environment: ConsoleEnvironment }) {
  const { execute, isPending, input } = useAction(switchEnvironmentAction, {
    onSuccess: ({ data }) => toast.success(`Now showing ${environmentLabels[data.environment]}`),
    onError: ({ error }) => toast.error(error.serverError?.message ?? "The environment could not be switched."),
  });
  const pendingTarget = isPending ? input?.environment : undefined;
  return (
    <div
      role="group"
      aria-label="Environment"
      className="inline-flex items-center gap-0.5 rounded-lg border border-border bg-surface-muted p-0.5"
    >
      {consoleEnvironments.map((option) => {
        const selected = option === environment;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={selected}
            disabled={isPending}
            onClick={() => !selected && execute({ environment: option })}
            className={cn(
              "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-semibold whitespace-nowrap transition-colors",
              "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-wait",
              selected
                ? option === "production"
                  ? "bg-surface text-success shadow-sm"
                  : "bg-warning text-white shadow-sm dark:text-background"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {pendingTarget === option ? <Spinner className="size-3" /> : null}
            {environmentLabels[option]}
          </button>
        );
      })}
    </div>
  );
}
