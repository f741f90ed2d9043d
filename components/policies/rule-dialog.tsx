"use client";

import { Pencil, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { actionLabels, describeConditions } from "@/lib/format/policy";
import { formOfRule, ruleFromForm, RuleInputSchema, type DraftRule, type RuleForm } from "@/lib/schemas/policy";
import { paymentMethodTypes, policyActions, type RuleConditions, type SignalInfo } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";
import { SignalsFieldset } from "./signals-fieldset";

const EMPTY: RuleForm = { name: "", action: "challenge", signals: [], signalMode: "any", score_gte: "", amount_gte: "", payment_method_types: [] };

type RuleDialogProps = {
  signals: readonly SignalInfo[];
  /** Given: edit this rule (an "Edit" button opens the form filled with it); absent: add a rule. */
  rule?: DraftRule;
  /** The new rule, or the edited one with its id, key and on/off state unchanged. */
  onSubmit: (rule: DraftRule) => void;
  disabled?: boolean;
};

/**
 * Describes a rule and puts it in the draft: a new one at the end ("Add rule"), or an existing one
 * changed in place ("Edit"). Nothing is saved until "Review and save".
 */
export function RuleDialog({ signals, rule, onSubmit, disabled }: RuleDialogProps) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<RuleForm>(EMPTY);
  // Conditions of the edited rule that the form has no field for; kept as they are.
  const [kept, setKept] = useState<RuleConditions>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  function changeOpen(next: boolean) {
    // Filled from the rule as the draft has it now (it may have been edited or switched since).
    if (next && rule) {
      const filled = formOfRule(rule);
      setForm(filled.form);
      setKept(filled.kept);
    }
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RuleInputSchema.safeParse(ruleFromForm(form, kept));
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    const { name, action, when } = parsed.data;
    // An edit keeps the id: blocked transactions name their rule by it (`rule_id`).
    onSubmit(rule ? { ...rule, name, action, when } : { ...parsed.data, enabled: true, key: crypto.randomUUID() });
    setOpen(false);
    setForm(EMPTY);
    setKept({});
    setErrors({});
  }

  // A rule read from a newer API may name a payment method this console does not know: shown
  // too, so it can be unticked (the schema refuses it while it is ticked).
  const methods = [...paymentMethodTypes, ...form.payment_method_types.filter((type) => !(paymentMethodTypes as readonly string[]).includes(type))];
  const methodsError = Object.entries(errors).find(([key]) => key.startsWith("when.payment_method_types"))?.[1];
  const keptConditions = Object.keys(kept).length > 0 ? describeConditions(kept) : null;
  const signalsError = errors["when.signals_all"] ?? errors["when.signals_any"];
  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      onClose={() => setErrors({})}
      trigger={
        rule ? (
          <Button variant="ghost" size="sm" aria-label={`Edit rule “${revealHidden(rule.name)}”`} disabled={disabled}>
            <Pencil aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="secondary" disabled={disabled}>
            <Plus aria-hidden="true" />
            Add rule
          </Button>
        )
      }
      title={rule ? `Edit rule “${revealHidden(rule.name)}”` : "Add a rule"}
      description={
        rule
          ? "The rule keeps its place, its id and whether it is on; the change goes into the draft like any other and is listed when you review and save."
          : "A rule decides a transaction when all of its conditions hold. It is added last; the first enabled rule that matches decides."
      }
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
      onSubmit={submit}
      submitLabel={rule ? "Apply to draft" : "Add to draft"}
      submitDisabled={overLimit(form.name, TEXT_LIMITS.ruleName)}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label="Name" hint="What it catches, e.g. “Tor with a high score”." error={errors.name}>
          <LimitedText max={TEXT_LIMITS.ruleName} value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} autoComplete="off" />
        </Field>
        <Field label="Decision" hint="What the rule decides." error={errors.action}>
          <NativeSelect value={form.action} onChange={(event) => setForm({ ...form, action: event.target.value as RuleForm["action"] })}>
            {policyActions.map((action) => (
              <option key={action} value={action}>
                {actionLabels[action]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {errors.when ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.when}
        </p>
      ) : null}
      <SignalsFieldset
        signals={signals}
        value={form.signals}
        onChange={(next) => setForm({ ...form, signals: next })}
        mode={form.signalMode}
        onModeChange={(signalMode) => setForm({ ...form, signalMode })}
        error={signalsError}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Score at least (optional)" hint="0 to 100." error={errors["when.score_gte"]}>
          <Input type="number" inputMode="numeric" min={0} max={100} value={form.score_gte} onChange={(event) => setForm({ ...form, score_gte: event.target.value })} />
        </Field>
        <Field label="Amount at least (optional)" hint="In minor units, e.g. 50000 = 500.00." error={errors["when.amount_gte"]}>
          <Input type="number" inputMode="numeric" min={0} value={form.amount_gte} onChange={(event) => setForm({ ...form, amount_gte: event.target.value })} />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Payment method (optional)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {methods.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.payment_method_types.includes(type)}
                onChange={(event) =>
                  setForm({
                    ...form,
                    payment_method_types: event.target.checked ? [...form.payment_method_types, type] : form.payment_method_types.filter((t) => t !== type),
                  })
                }
                className="size-4 accent-[var(--primary)]"
              />
              <code className="font-mono text-xs">{type}</code>
            </label>
          ))}
        </div>
        {methodsError ? <p className="text-xs font-medium text-danger">{methodsError}</p> : null}
      </fieldset>
      {keptConditions ? (
        <p className="text-sm text-muted-foreground">
          Also a condition of this rule, kept as it is (this form has no field for it): {keptConditions}.
        </p>
      ) : null}
    </FormDialog>
  );
}
