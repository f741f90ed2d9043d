"use client";

import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import { caseQueueSearchParams } from "@/lib/queries/case-search-params";
import { cn } from "@/lib/utils/cn";

/** "My cases" / "Unassigned" / "All": the analyst's usual views of the queue, one click each. */
export function CaseQuickFilter({ me, startTransition }: { me: string; startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(caseQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const options = [
    { label: "My cases", value: me },
    { label: "Unassigned", value: "none" },
    { label: "All cases", value: null },
  ] as const;
  return (
    <div role="group" aria-label="Show" className="inline-flex rounded-lg border border-border bg-surface p-0.5 shadow-sm">
      {options.map((option) => {
        const active = (filters.assignee_id ?? null) === option.value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => void setFilters({ assignee_id: option.value, cursor: null, unassigned_cursor: null })}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-surface-muted hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
