"use client";

import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import { FilterButtonGroup } from "@/components/ui/filter-button-group";
import { FilterSelect, UserFilterForm } from "@/components/ui/user-filter-form";
import { screeningQueueSearchParams, screeningReviewTabs, type ScreeningReviewTab } from "@/lib/queries/screening-search-params";
import { reviewStateLabel, screeningStatusLabels } from "@/lib/format/screening";
import { screeningStatuses } from "@/lib/api/wire";

const tabLabel = (tab: ScreeningReviewTab) => (tab === "all" ? "All" : reviewStateLabel(tab));

/**
 * The review-state tabs and the other filters, written to the URL (not shallow: the server page
 * reads them). Any change goes back to the first page: a cursor belongs to its filters.
 */
export function ScreeningFilters({ startTransition }: { startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(screeningQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null });

  return (
    <div className="mb-4 grid gap-4">
      <FilterButtonGroup
        label="Review state"
        options={screeningReviewTabs}
        value={filters.review}
        optionLabel={tabLabel}
        onChange={(review) => set({ review })}
      />
      <UserFilterForm label="Screening filters" userId={filters.user_id} onUserIdChange={(user_id) => set({ user_id })}>
        <FilterSelect
          label="Result"
          options={screeningStatuses}
          value={filters.status}
          optionLabel={(status) => screeningStatusLabels[status]}
          onChange={(status) => set({ status })}
        />
      </UserFilterForm>
    </div>
  );
}
