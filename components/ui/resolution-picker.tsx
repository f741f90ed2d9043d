"use client";

import { useId } from "react";
import { resolutions, type Resolution } from "@/lib/api/wire";
import { resolutionHints, resolutionLabels } from "@/lib/format/resolution";

type ResolutionPickerProps = {
  value: Resolution | null;
  onChange: (value: Resolution) => void;
  /** Shown (and announced) when the analyst tried to resolve without an outcome. */
  error?: string | null;
  disabled?: boolean;
};

/** The outcome of a resolution, required when resolving a case or an alert: one radio per outcome. */
export function ResolutionPicker({ value, onChange, error, disabled }: ResolutionPickerProps) {
  const id = useId();
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="mb-1 text-sm font-medium">Outcome</legend>
      {resolutions.map((resolution) => (
        <label key={resolution} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-resolution`}
            value={resolution}
            checked={value === resolution}
            onChange={() => onChange(resolution)}
            className="mt-1 size-4 accent-primary"
          />
          <span>
            <span className="font-medium">{resolutionLabels[resolution]}</span>{" "}
            <span className="text-muted-foreground">{resolutionHints[resolution]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
