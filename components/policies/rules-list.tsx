"use client";

import { ArrowDown, ArrowUp, ListChecks, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { actionLabels, describeConditions } from "@/lib/format/policy";
import type { DraftRule } from "@/lib/schemas/policy-draft";
import type { PolicyAction, SignalInfo } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";
import { RuleDialog } from "./rule-dialog";

const actionTone: Record<PolicyAction, "success" | "warning" | "danger"> = { allow: "success", challenge: "warning", block: "danger" };

type RulesListProps = {
  rules: readonly DraftRule[];
  onChange: (rules: DraftRule[]) => void;
  /** Field errors by dotted path; those under `rules.<index>` are shown on that rule. */
  errors: Record<string, string>;
  /** The catalogue the edit form offers; null when it could not be loaded (editing is then off). */
  signals: readonly SignalInfo[] | null;
  disabled?: boolean;
};

function errorOfRule(errors: Record<string, string>, index: number): string | undefined {
  const prefix = `rules.${index}`;
  const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
  return key ? errors[key] : undefined;
}

/** The draft's rules in evaluation order: switch on/off, edit, move, remove. */
export function RulesList({ rules, onChange, errors, signals, disabled }: RulesListProps) {
  if (rules.length === 0) {
    return (
      <EmptyState
        icon={<ListChecks />}
        title="No rules"
        description="Every transaction is decided by the score bands. Add a rule to decide specific cases first, e.g. block when the IP is a Tor exit and the score is high."
      />
    );
  }
  const move = (from: number, to: number) => {
    const next = [...rules];
    const [rule] = next.splice(from, 1);
    next.splice(to, 0, rule!);
    onChange(next);
  };
  return (
    <ol className="grid gap-2" aria-label="Rules, in the order they are checked">
      {rules.map((rule, index) => {
        const error = errorOfRule(errors, index);
        return (
          <li
            key={rule.key}
            className="flex flex-wrap items-start gap-3 rounded-lg border border-border p-3 aria-[invalid=true]:border-danger"
            aria-invalid={error ? true : undefined}
          >
            <span className="mt-0.5 w-6 text-right text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                <UserText value={rule.name} />
                <Badge tone={actionTone[rule.action]}>{actionLabels[rule.action]}</Badge>
                {rule.id ? null : <Badge tone="accent">New, not saved</Badge>}
                {rule.enabled ? null : <Badge>Off</Badge>}
              </p>
              <p className="text-xs break-words text-muted-foreground">
                When <UserText value={describeConditions(rule.when)} />
              </p>
              {error ? <p className="text-xs font-medium text-danger">{error}</p> : null}
            </div>
            <div className="flex items-center gap-1">
              <label className="mr-2 flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={rule.enabled}
                  disabled={disabled}
                  onChange={(event) => onChange(rules.map((r) => (r.key === rule.key ? { ...r, enabled: event.target.checked } : r)))}
                  className="size-4 accent-[var(--primary)]"
                  aria-label={`Rule “${revealHidden(rule.name)}” enabled`}
                />
                <span aria-hidden="true">On</span>
              </label>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Move rule “${revealHidden(rule.name)}” up`}
                disabled={disabled || index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Move rule “${revealHidden(rule.name)}” down`}
                disabled={disabled || index === rules.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              {signals ? (
                <RuleDialog
                  signals={signals}
                  rule={rule}
                  disabled={disabled}
                  onSubmit={(edited) => onChange(rules.map((r) => (r.key === edited.key ? edited : r)))}
                />
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                className="text-danger hover:bg-danger-soft"
                aria-label={`Remove rule “${revealHidden(rule.name)}”`}
                disabled={disabled}
                onClick={() => onChange(rules.filter((r) => r.key !== rule.key))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
