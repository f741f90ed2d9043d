"use client";

import { FilterSelect } from "@/components/ui/user-filter-form";
import { slaStateLabels, slaStates, type SlaState } from "@/lib/format/sla";
import { queueAgeLabels, queueAges, type QueueAge } from "@/lib/queries/queue-age";

// The time filters the alert and case queues share: SLA state and "older than".

type TimeFilters = { sla_state: SlaState | null; age: QueueAge | null };

export function QueueTimeFilters({ value, onChange }: { value: TimeFilters; onChange: (change: Partial<TimeFilters>) => void }) {
  return (
    <>
      <FilterSelect
        label="SLA"
        options={slaStates}
        value={value.sla_state}
        optionLabel={(state) => slaStateLabels[state]}
        onChange={(sla_state) => onChange({ sla_state })}
      />
      <FilterSelect
        label="Age"
        anyLabel="Any age"
        options={queueAges}
        value={value.age}
        optionLabel={(age) => queueAgeLabels[age]}
        onChange={(age) => onChange({ age })}
      />
    </>
  );
}
