"use client";

import { ALL_EVENTS, webhookEventTypes } from "@/lib/api/wire";
import { webhookEventDescriptions } from "@/lib/format/webhook";

type EventsFieldsetProps = {
  value: readonly string[];
  onChange: (events: string[]) => void;
  disabled?: boolean;
  error?: string;
  /** Unique per form on the page (ids of the hint and error). */
  idPrefix: string;
};

/**
 * The event types as checkboxes (the most accessible multi-select: each option labelled, Space
 * toggles, the group named by its legend). "All events" stands for `*`: every type, including
 * types added later; choosing it makes the single types moot, so they are disabled.
 */
export function EventsFieldset({ value, onChange, disabled, error, idPrefix }: EventsFieldsetProps) {
  const all = value.includes(ALL_EVENTS);
  const toggle = (type: string, on: boolean) => onChange(on ? [...value.filter((t) => t !== type), type] : value.filter((t) => t !== type));
  const hintId = `${idPrefix}-events-hint`;
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset
      className="grid gap-2"
      disabled={disabled}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium">Events</legend>
      <p id={hintId} className="-mt-1 text-xs leading-relaxed text-muted-foreground">
        Argus sends the endpoint only the events it subscribes to.
      </p>
      <div className="grid gap-1 rounded-lg border border-border p-2">
        <label className="flex cursor-pointer items-start gap-2.5 rounded-md p-1.5 text-sm hover:bg-surface-muted">
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => onChange(event.target.checked ? [ALL_EVENTS] : [])}
            className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
          />
          <span className="grid">
            <span className="font-medium">All events</span>
            <span className="text-xs text-muted-foreground">Every event type, including types Argus adds later.</span>
          </span>
        </label>
        <div className="grid gap-1 border-t border-border pt-1 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-start gap-2.5 rounded-md p-1.5 text-sm hover:bg-surface-muted has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
            >
              <input
                type="checkbox"
                value={type}
                checked={all || value.includes(type)}
                disabled={all}
                onChange={(event) => toggle(type, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
              />
              <span className="grid">
                <code className="font-mono text-xs font-semibold">{type}</code>
                <span className="text-xs text-muted-foreground">{webhookEventDescriptions[type]}</span>
              </span>
            </label>
          ))}
        </div>
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
