"use client";

import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { caseQueueSearchParams, caseSorts } from "@/lib/queries/case-search-params";
import { alertSeverities, alertSeverityLabels } from "@/lib/schemas/alert";
import { caseStatuses, caseStatusLabels, caseTypeLabels, caseTypes } from "@/lib/schemas/case";

type CaseFiltersProps = {
  startTransition: TransitionStartFunction;
  me: string;
  analysts: { id: string; name: string }[];
  /** The lead's queue is always in priority order: no order control there. */
  showSort?: boolean;
};

const sortLabels = { priority: "Most urgent first", created_at: "Newest first" } as const;

/** The queue's filters in the URL (not shallow: the server page fetches); a change restarts paging. */
export function CaseFilters({ startTransition, me, analysts, showSort = true }: CaseFiltersProps) {
  const [filters, setFilters] = useQueryStates(caseQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null, unassigned_cursor: null });
  return (
    <form aria-label="Case filters" onSubmit={(e) => e.preventDefault()} className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <Field label="Status">
        <NativeSelect value={filters.status ?? ""} onChange={(e) => set({ status: (e.target.value || null) as (typeof caseStatuses)[number] | null })}>
          <option value="">Any</option>
          {caseStatuses.map((status) => (
            <option key={status} value={status}>
              {caseStatusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Severity">
        <NativeSelect value={filters.severity ?? ""} onChange={(e) => set({ severity: (e.target.value || null) as (typeof alertSeverities)[number] | null })}>
          <option value="">Any</option>
          {alertSeverities.map((severity) => (
            <option key={severity} value={severity}>
              {alertSeverityLabels[severity]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Type">
        <NativeSelect value={filters.case_type ?? ""} onChange={(e) => set({ case_type: (e.target.value || null) as (typeof caseTypes)[number] | null })}>
          <option value="">Any</option>
          {caseTypes.map((type) => (
            <option key={type} value={type}>
              {caseTypeLabels[type]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Assignee">
        <NativeSelect value={filters.assignee_id ?? ""} onChange={(e) => set({ assignee_id: e.target.value || null })}>
          <option value="">Anyone</option>
          <option value={me}>Me</option>
          <option value="none">Unassigned</option>
          {analysts
            .filter((analyst) => analyst.id !== me)
            .map((analyst) => (
              <option key={analyst.id} value={analyst.id}>
                {analyst.name}
              </option>
            ))}
        </NativeSelect>
      </Field>
      {showSort ? (
        <Field label="Order">
          <NativeSelect value={filters.sort} onChange={(e) => set({ sort: e.target.value as (typeof caseSorts)[number] })}>
            {caseSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
    </form>
  );
}
