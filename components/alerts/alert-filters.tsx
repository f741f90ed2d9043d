"use client";

import { useQueryStates } from "nuqs";
import { useState, type FormEvent, type TransitionStartFunction } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { alertQueueSearchParams, alertQueueStatuses } from "@/lib/queries/alert-search-params";
import { alertSeverities, alertSeverityLabels, alertStatusLabels, alertTypeLabel, alertTypes } from "@/lib/schemas/alert";

const statusOptionLabel = (status: (typeof alertQueueStatuses)[number]) => (status === "all" ? "All" : alertStatusLabels[status]);

/**
 * The queue's filters, written to the URL (not shallow: the server page reads them and fetches).
 * Any change goes back to the first page: a cursor belongs to the filters it was issued for.
 */
export function AlertFilters({ startTransition }: { startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(alertQueueSearchParams, { shallow: false, startTransition, history: "push" });
  const [userId, setUserId] = useState(filters.user_id ?? "");

  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null });
  const dateValue = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "");
  const parseDate = (value: string) => (value ? new Date(`${value}T00:00:00Z`) : null);

  function submitUser(event: FormEvent) {
    event.preventDefault();
    set({ user_id: userId.trim() || null });
  }

  return (
    <form onSubmit={submitUser} aria-label="Alert filters" className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Field label="Status">
        <NativeSelect value={filters.status} onChange={(e) => set({ status: e.target.value as (typeof alertQueueStatuses)[number] })}>
          {alertQueueStatuses.map((status) => (
            <option key={status} value={status}>
              {statusOptionLabel(status)}
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
        <NativeSelect value={filters.alert_type ?? ""} onChange={(e) => set({ alert_type: (e.target.value || null) as (typeof alertTypes)[number] | null })}>
          <option value="">Any</option>
          {alertTypes.map((type) => (
            <option key={type} value={type}>
              {alertTypeLabel(type)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="User id" hint="Press Enter to apply">
        <Input value={userId} onChange={(e) => setUserId(e.target.value)} onBlur={() => (userId.trim() || null) !== filters.user_id && set({ user_id: userId.trim() || null })} placeholder="user_…" spellCheck={false} />
      </Field>
      <Field label="From (UTC day)">
        <Input type="date" value={dateValue(filters.start_time)} onChange={(e) => set({ start_time: parseDate(e.target.value) })} />
      </Field>
      <Field label="To (UTC day, inclusive)">
        <Input type="date" value={dateValue(filters.end_time)} onChange={(e) => set({ end_time: parseDate(e.target.value) })} />
      </Field>
      <Button type="submit" className="sr-only">
        Apply filters
      </Button>
    </form>
  );
}
