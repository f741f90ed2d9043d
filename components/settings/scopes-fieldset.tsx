"use client";

import { scopeDescriptions, surfaceAScopes, surfaceBScopes } from "@/lib/format/api-key";
import type { ApiKeyScope } from "@/lib/api/wire";

type ScopesFieldsetProps = {
  value: readonly ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
  disabled?: boolean;
};

/**
 * The multi-select of scopes: two groups of checkboxes, the most accessible multi-select there is
 * (each option labelled, Space toggles, the group named by its legend). None = unrestricted.
 */
export function ScopesFieldset({ value, onChange, disabled }: ScopesFieldsetProps) {
  const toggle = (scope: ApiKeyScope, on: boolean) => onChange(on ? [...value, scope] : value.filter((s) => s !== scope));
  return (
    <fieldset className="grid gap-3" disabled={disabled} aria-describedby="scopes-hint">
      <legend className="text-sm font-medium">Scopes</legend>
      <p id="scopes-hint" className="-mt-1 text-xs leading-relaxed text-muted-foreground">
        {value.length === 0
          ? "None selected: the key may call every endpoint (unrestricted). Select scopes to limit it."
          : `${value.length} selected: the key may call only what these permit.`}
      </p>
      <ScopeGroup title="Surface A (/v1)" scopes={surfaceAScopes} value={value} toggle={toggle} />
      <ScopeGroup title="Surface B (/api/v1)" scopes={surfaceBScopes} value={value} toggle={toggle} />
    </fieldset>
  );
}

function ScopeGroup({
  title,
  scopes,
  value,
  toggle,
}: {
  title: string;
  scopes: readonly ApiKeyScope[];
  value: readonly ApiKeyScope[];
  toggle: (scope: ApiKeyScope, on: boolean) => void;
}) {
  return (
    <fieldset className="rounded-lg border border-border p-3">
      <legend className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {scopes.map((scope) => (
          <label key={scope} className="flex cursor-pointer items-start gap-2.5 rounded-md p-1.5 text-sm hover:bg-surface-muted">
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              checked={value.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
            />
            <span className="grid">
              <code className="font-mono text-xs font-semibold">{scope}</code>
              <span className="text-xs text-muted-foreground">{scopeDescriptions[scope]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
