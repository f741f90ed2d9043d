"use client";

import { cn } from "@/lib/utils/cn";

type FilterButtonGroupProps<T extends string> = {
  /** The group's accessible name ("Status"). */
  label: string;
  options: readonly T[];
  value: T;
  optionLabel: (option: T) => string;
  onChange: (option: T) => void;
};

/**
 * One of a few values of a list filter, as a row of toggle buttons. Buttons with aria-pressed
 * rather than ARIA tabs: each choice reloads the list, there is no tab panel.
 */
export function FilterButtonGroup<T extends string>({ label, options, value, optionLabel, onChange }: FilterButtonGroupProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex w-fit flex-wrap items-center gap-1 rounded-lg border border-border bg-surface-muted p-1"
    >
      {options.map((option) => {
        const active = value === option;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option)}
            className={cn(
              "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              active && "bg-surface text-foreground shadow-sm",
            )}
          >
            {optionLabel(option)}
          </button>
        );
      })}
    </div>
  );
}
