"use client";

import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import { ChoiceSelect, FilterSelect } from "@/components/ui/user-filter-form";
import { caseQueueSearchParams, caseSorts } from "@/lib/queries/case-search-params";
import { alertSeverities, caseStatuses, caseTypes } from "@/lib/api/wire";
import { alertSeverityLabels } from "@/lib/format/alert";
import { caseStatusLabels, caseTypeLabels } from "@/lib/format/case";
import { revealHidden } from "@/lib/format/invisible-characters";
import { QueueTimeFilters } from "@/components/ui/queue-time-filters";

type CaseFiltersProps = {
  startTransition: TransitionStartFunction;
  me: string;
  analysts: { id: string; name: string }[];
  /** The lead's queue orders by its column headers instead. */
  showSort?: boolean;
};

const sortLabels = { priority: "Most urgent first", created_at: "Newest first", due_at: "Soonest due first" } as const;

/** The queue's filters in the URL (not shallow: the server page fetches); a change restarts paging. */
export function CaseFilters({ startTransition, me, analysts, showSort = true }: CaseFiltersProps) {
  const [filters, setFilters] = useQueryStates(caseQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null, unassigned_cursor: null });
  // Me first, then unassigned, then the other analysts by the order the API lists them.
  const assignees = [me, "none", ...analysts.filter((analyst) => analyst.id !== me).map((analyst) => analyst.id)];
  const assigneeLabel = (id: string) =>
    id === me ? "Me" : id === "none" ? "Unassigned" : revealHidden(analysts.find((analyst) => analyst.id === id)?.name ?? id);
  return (
    <form
      aria-label="Case filters"
      onSubmit={(e) => e.preventDefault()}
      className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7"
    >
      <FilterSelect
        label="Status"
        options={caseStatuses}
        value={filters.status}
        optionLabel={(status) => caseStatusLabels[status]}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        label="Severity"
        options={alertSeverities}
        value={filters.severity}
        optionLabel={(severity) => alertSeverityLabels[severity]}
        onChange={(severity) => set({ severity })}
      />
      <FilterSelect
        label="Type"
        options={caseTypes}
        value={filters.case_type}
        optionLabel={(type) => caseTypeLabels[type]}
        onChange={(case_type) => set({ case_type })}
      />
      <FilterSelect
        label="Assignee"
        anyLabel="Anyone"
        options={assignees}
        value={filters.assignee_id}
        optionLabel={assigneeLabel}
        onChange={(assignee_id) => set({ assignee_id })}
      />
      <QueueTimeFilters value={filters} onChange={set} />
      {showSort ? (
        <ChoiceSelect
          label="Order"
          options={caseSorts}
          value={filters.sort}
          optionLabel={(sort) => sortLabels[sort]}
          onChange={(sort) => set({ sort })}
        />
      ) : null}
    </form>
  );
}
