"use client";

import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import { FilterButtonGroup } from "@/components/ui/filter-button-group";
import { FilterSelect, UserFilterForm } from "@/components/ui/user-filter-form";
import {
  verificationQueueSearchParams,
  verificationQueueStatuses,
  type VerificationQueueStatus,
} from "@/lib/queries/verification-search-params";
import { verificationStatusLabels, verificationTypeLabels } from "@/lib/format/verification";
import { verificationTypes } from "@/lib/api/wire";

const tabLabel = (tab: VerificationQueueStatus) => (tab === "all" ? "All" : verificationStatusLabels[tab]);

/** Status tabs, type and user filters, in the URL; any change goes back to the first page. */
export function VerificationFilters({ startTransition }: { startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(verificationQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null });

  return (
    <div className="mb-4 grid gap-4">
      <FilterButtonGroup
        label="Status"
        options={verificationQueueStatuses}
        value={filters.status}
        optionLabel={tabLabel}
        onChange={(status) => set({ status })}
      />
      <UserFilterForm label="Verification filters" userId={filters.user_id} onUserIdChange={(user_id) => set({ user_id })}>
        <FilterSelect
          label="Type"
          options={verificationTypes}
          value={filters.type}
          optionLabel={(type) => verificationTypeLabels[type]}
          onChange={(type) => set({ type })}
        />
      </UserFilterForm>
    </div>
  );
}
