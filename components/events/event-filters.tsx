"use client";

import { useQueryStates } from "nuqs";
import { useState, type FormEvent, type TransitionStartFunction } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { eventPageSizes, eventSearchParams, fromMinuteInput, pageSizeOf, toMinuteInput } from "@/lib/queries/event-search-params";
import { eventTypeLabels } from "@/lib/format/event";
import { eventTypes } from "@/lib/api/wire";

/**
 * Every filter of GET /v1/events, written to the URL (not shallow: the server page reads them and
 * fetches). Any change goes back to the first page (a cursor belongs to the filters it was issued
 * for) and closes the payload (it belongs to the previous results).
 */
export function EventFilters({ startTransition }: { startTransition: TransitionStartFunction }) {
  const [filters, setFilters] = useQueryStates(eventSearchParams, { shallow: false, startTransition, history: "push" });
  const [transactionId, setTransactionId] = useState(filters.transaction_id ?? "");
  const [userId, setUserId] = useState(filters.user_id ?? "");

  const set = (patch: Partial<typeof filters>) => void setFilters({ ...patch, cursor: null, event: null });
  const anyFilter =
    filters.event_type !== null ||
    !!filters.transaction_id ||
    !!filters.user_id ||
    filters.start_time !== null ||
    filters.end_time !== null;

  // Typed ids apply on Enter (the form's submit) or when the field loses focus: not per keystroke.
  function applyIds(event?: FormEvent) {
    event?.preventDefault();
    const next = { transaction_id: transactionId.trim() || null, user_id: userId.trim() || null };
    if (next.transaction_id !== (filters.transaction_id || null) || next.user_id !== (filters.user_id || null)) set(next);
  }

  function clear() {
    setTransactionId("");
    setUserId("");
    set({ event_type: null, transaction_id: null, user_id: null, start_time: null, end_time: null });
  }

  return (
    <form
      onSubmit={applyIds}
      aria-label="Event filters"
      className="mb-4 grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,13.5rem)_minmax(0,13.5rem)]"
    >
      <Field label="Type">
        <NativeSelect
          value={filters.event_type ?? ""}
          onChange={(e) => set({ event_type: (e.target.value || null) as (typeof eventTypes)[number] | null })}
        >
          <option value="">Any</option>
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabels[type]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Transaction id">
        <Input
          value={transactionId}
          onChange={(e) => setTransactionId(e.target.value)}
          onBlur={() => applyIds()}
          placeholder="txn_…"
          spellCheck={false}
          autoComplete="off"
        />
      </Field>
      <Field label="User id">
        <Input
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          onBlur={() => applyIds()}
          placeholder="user id"
          spellCheck={false}
          autoComplete="off"
        />
      </Field>
      <Field label="From (UTC)">
        <Input
          type="datetime-local"
          className="min-w-0"
          value={toMinuteInput(filters.start_time)}
          onChange={(e) => set({ start_time: fromMinuteInput(e.target.value, "start") })}
        />
      </Field>
      <Field label="To (UTC, inclusive)">
        <Input
          type="datetime-local"
          className="min-w-0"
          value={toMinuteInput(filters.end_time)}
          onChange={(e) => set({ end_time: fromMinuteInput(e.target.value, "end") })}
        />
      </Field>
      <div className="col-span-full flex flex-wrap items-end justify-between gap-3">
        <Field label="Per page" className="grid-cols-[auto_auto] items-center gap-x-2">
          <NativeSelect
            value={String(pageSizeOf(filters.limit))}
            onChange={(e) => set({ limit: Number(e.target.value) === 20 ? null : Number(e.target.value) })}
            className="h-8 w-24"
          >
            {eventPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button variant="ghost" size="sm" onClick={clear} disabled={!anyFilter}>
          Clear filters
        </Button>
      </div>
      <Button type="submit" className="sr-only">
        Apply filters
      </Button>
    </form>
  );
}
