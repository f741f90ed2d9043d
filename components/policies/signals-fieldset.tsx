"use client";

import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import type { SignalInfo } from "@/lib/api/wire";

type SignalsFieldsetProps = {
  signals: readonly SignalInfo[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  mode: "all" | "any";
  onModeChange: (mode: "all" | "any") => void;
  error?: string;
};

/** Signal names from the API's catalogue as checkboxes, with a filter (there are about thirty). */
export function SignalsFieldset({ signals, value, onChange, mode, onModeChange, error }: SignalsFieldsetProps) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle ? signals.filter((s) => s.name.includes(needle) || s.trigger.toLowerCase().includes(needle)) : signals;
  const toggle = (name: string, on: boolean) => onChange(on ? [...value.filter((n) => n !== name), name] : value.filter((n) => n !== name));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Signals</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" role="radiogroup" aria-label="How the selected signals combine">
        {(["any", "all"] as const).map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === option}
              onChange={() => onModeChange(option)}
              className="size-4 accent-[var(--primary)]"
            />
            {option === "any" ? "Any of the selected signals fired" : "All of the selected signals fired"}
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-filter`} className="sr-only">
        Filter signals
      </label>
      <Input
        id={`${id}-filter`}
        type="search"
        placeholder="Filter signals, e.g. ip or velocity"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="grid max-h-56 gap-1 overflow-auto rounded-lg border border-border p-2 sm:grid-cols-2">
        {shown.map((signal) => (
          <label key={signal.name} className="flex cursor-pointer items-start gap-2.5 rounded-md p-1.5 text-sm hover:bg-surface-muted">
            <input
              type="checkbox"
              checked={value.includes(signal.name)}
              onChange={(event) => toggle(signal.name, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
              // Named by the signal alone; what triggers it is the description, not part of the name.
              aria-label={signal.name}
              aria-describedby={`${id}-${signal.name}`}
            />
            <span className="grid min-w-0">
              <code className="font-mono text-xs font-semibold">{signal.name}</code>
              <span id={`${id}-${signal.name}`} className="text-xs text-muted-foreground">
                {signal.points > 0 ? `+${signal.points}` : signal.points} points: {signal.trigger}
              </span>
            </span>
          </label>
        ))}
        {shown.length === 0 ? <p className="p-2 text-sm text-muted-foreground">No signal matches “{filter}”.</p> : null}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {value.length === 0
          ? "No signal selected: the rule then needs another condition."
          : `${value.length} selected: ${value.join(", ")}`}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
