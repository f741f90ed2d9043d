"use client";

import { useQueryStates } from "nuqs";
import type { TransitionStartFunction } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ChoiceSelect, FilterSelect, UserFilterForm } from "@/components/ui/user-filter-form";
import { alertQueueSearchParams, alertQueueSorts, alertQueueStatuses, type AlertQueueSort } from "@/lib/queries/alert-search-params";
import { alertSeverities, alertTypes } from "@/lib/api/wire";
import { alertSeverityLabels, alertStatusLabels, alertTypeLabel } from "@/lib/format/alert";
import { QueueTimeFilters } from "@/components/ui/queue-time-filters";

const statusOptionLabel = (status: (typeof alertQueueStatuses)[number]) => (status === "all" ? "All" : alertStatusLabels[status]);
export const alertSortLabels: Record<AlertQueueSort, string> = {
  created_at: "Newest first",
  severity: "Most severe first",
  due_at: "Soonest due first",
};

const dateValue = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "");
const parseDate = (value: string) => (value ? new Date(`${value}T00:00:00Z`) : null);

/**
 * The queue's filters and order, written to the URL (not shallow: the server page reads them and
 * fetches). Any change goes back to the first page: a cursor belongs to the filters and the order
 * it was issued for (the API refuses a cursor of the other order).
 */
export function AlertFilters({ startTransition }: { startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(alertQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null });

  return (
    <UserFilterForm
      label="Alert filters"
      userId={filters.user_id}
      onUserIdChange={(user_id) => set({ user_id })}
      // Two rows from xl up: eight fields in one row left the user id a sliver at 1440 px.
      className="mb-4 md:grid-cols-4 xl:grid-cols-5"
      after={
        <>
          <Field label="From (UTC day)">
            <Input type="date" value={dateValue(filters.start_time)} onChange={(e) => set({ start_time: parseDate(e.target.value) })} />
          </Field>
          <Field label="To (UTC day, inclusive)">
            <Input type="date" value={dateValue(filters.end_time)} onChange={(e) => set({ end_time: parseDate(e.target.value) })} />
          </Field>
        </>
      }
    >
      <ChoiceSelect
        label="Status"
        options={alertQueueStatuses}
        value={filters.status}
        optionLabel={statusOptionLabel}
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
        options={alertTypes}
        value={filters.alert_type}
        optionLabel={alertTypeLabel}
        onChange={(alert_type) => set({ alert_type })}
      />
      <QueueTimeFilters value={filters} onChange={set} />
      <ChoiceSelect
        label="Sort"
        options={alertQueueSorts}
        value={filters.sort}
        optionLabel={(sort) => alertSortLabels[sort]}
        onChange={(sort) => set({ sort })}
      />
    </UserFilterForm>
  );
}
