"use client";

import { useQueryStates } from "nuqs";
import { useState, type FormEvent, type TransitionStartFunction } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { verificationQueueSearchParams, verificationQueueStatuses, type VerificationQueueStatus } from "@/lib/queries/verification-search-params";
import { verificationStatusLabels, verificationTypeLabels, verificationTypes, type VerificationType } from "@/lib/schemas/verification";
import { cn } from "@/lib/utils/cn";

const tabLabel = (tab: VerificationQueueStatus) => (tab === "all" ? "All" : verificationStatusLabels[tab]);

/** Status tabs, type and user filters, in the URL; any change goes back to the first page. */
export function VerificationFilters({ startTransition }: { startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(verificationQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const [userId, setUserId] = useState(filters.user_id ?? "");
  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null });

  function submitUser(event: FormEvent) {
    event.preventDefault();
    set({ user_id: userId.trim() || null });
  }

  return (
    <div className="mb-4 grid gap-4">
      {/* Buttons with aria-pressed rather than ARIA tabs: each choice reloads the list, there is no tab panel. */}
      <div role="group" aria-label="Status" className="inline-flex w-fit flex-wrap items-center gap-1 rounded-lg border border-border bg-surface-muted p-1">
        {verificationQueueStatuses.map((tab) => {
          const active = filters.status === tab;
          return (
            <button
              key={tab}
              type="button"
              aria-pressed={active}
              onClick={() => set({ status: tab })}
              className={cn(
                "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                active && "bg-surface text-foreground shadow-sm",
              )}
            >
              {tabLabel(tab)}
            </button>
          );
        })}
      </div>
      <form onSubmit={submitUser} aria-label="Verification filters" className="grid grid-cols-2 items-end gap-3 md:grid-cols-4">
        <Field label="Type">
          <NativeSelect value={filters.type ?? ""} onChange={(e) => set({ type: (e.target.value || null) as VerificationType | null })}>
            <option value="">Any</option>
            {verificationTypes.map((type) => (
              <option key={type} value={type}>
                {verificationTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="User id" hint="Press Enter to apply">
          <Input
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            onBlur={() => (userId.trim() || null) !== filters.user_id && set({ user_id: userId.trim() || null })}
            placeholder="user_…"
            spellCheck={false}
          />
        </Field>
        <Button type="submit" className="sr-only">
          Apply filters
        </Button>
      </form>
    </div>
  );
}
