"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { Button } from "./button";
import { Field } from "./field";
import { Input, NativeSelect } from "./input";

type UserFilterFormProps = {
  /** The form's accessible name ("Screening filters"). */
  label: string;
  /** The user id filter in force (from the URL). */
  userId: string | null;
  /** A new user id filter; null clears it. */
  onUserIdChange: (userId: string | null) => void;
  /** The fields before the user id, e.g. FilterSelects. */
  children: ReactNode;
  /** Fields after the user id (the alert queue's date range). */
  after?: ReactNode;
  /** Merged over the form's grid classes (e.g. more columns for more fields). */
  className?: string;
};

/**
 * The filter row of a review queue: its own fields, then a user id applied on Enter or when the
 * input loses focus (not on each keystroke: every change reloads the list).
 */
export function UserFilterForm({ label, userId, onUserIdChange, children, after, className }: UserFilterFormProps) {
  const [draft, setDraft] = useState(userId ?? "");
  const applied = () => draft.trim() || null;

  function submit(event: FormEvent) {
    event.preventDefault();
    onUserIdChange(applied());
  }

  return (
    <form onSubmit={submit} aria-label={label} className={cn("grid grid-cols-2 items-end gap-3 md:grid-cols-4", className)}>
      {children}
      <Field label="User id" hint="Press Enter to apply">
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => applied() !== userId && onUserIdChange(applied())}
          placeholder="user_…"
          spellCheck={false}
        />
      </Field>
      {after}
      <Button type="submit" className="sr-only">
        Apply filters
      </Button>
    </form>
  );
}

type FilterSelectProps<T extends string> = {
  label: string;
  options: readonly T[];
  /** The value in force; null: any. */
  value: T | null;
  optionLabel: (option: T) => string;
  onChange: (option: T | null) => void;
  /** The wording of the first choice, which drops the filter ("Anyone" for a person). */
  anyLabel?: string;
};

/** The labelled select both kinds below draw: the options, and a first "any" choice when given. */
function OptionsSelect<T extends string>({
  label,
  options,
  value,
  optionLabel,
  onChange,
  anyLabel,
}: {
  label: string;
  options: readonly T[];
  value: string;
  optionLabel: (option: T) => string;
  onChange: (raw: string) => void;
  anyLabel?: string;
}) {
  return (
    <Field label={label}>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** A select of a list filter whose first choice, "Any", drops the filter. */
export function FilterSelect<T extends string>({ label, options, value, optionLabel, onChange, anyLabel = "Any" }: FilterSelectProps<T>) {
  return (
    <OptionsSelect
      label={label}
      options={options}
      value={value ?? ""}
      optionLabel={optionLabel}
      anyLabel={anyLabel}
      onChange={(raw) => onChange((raw || null) as T | null)}
    />
  );
}

type ChoiceSelectProps<T extends string> = {
  label: string;
  options: readonly T[];
  /** The choice in force (a URL default when the URL has none). */
  value: T;
  optionLabel: (option: T) => string;
  onChange: (option: T) => void;
};

/** A select of one of a fixed set with no "Any": a status that defaults to open, a sort order. */
export function ChoiceSelect<T extends string>({ label, options, value, optionLabel, onChange }: ChoiceSelectProps<T>) {
  return <OptionsSelect label={label} options={options} value={value} optionLabel={optionLabel} onChange={(raw) => onChange(raw as T)} />;
}
