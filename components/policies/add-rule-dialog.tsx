"use client";

import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { actionLabels, paymentMethodTypes, policyActions, ruleFromForm, RuleInputSchema, type DraftRule, type RuleForm, type SignalInfo } from "@/lib/schemas/policy";
import { SignalsFieldset } from "./signals-fieldset";

const EMPTY: RuleForm = { name: "", action: "challenge", signals: [], signalMode: "any", score_gte: "", amount_gte: "", payment_method_types: [] };

type AddRuleDialogProps = {
  signals: readonly SignalInfo[];
  onAdd: (rule: DraftRule) => void;
  disabled?: boolean;
};

/** Describes a new rule and adds it to the end of the draft; nothing is saved until "Review and save". */
export function AddRuleDialog({ signals, onAdd, disabled }: AddRuleDialogProps) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<RuleForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RuleInputSchema.safeParse(ruleFromForm(form));
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    onAdd({ ...parsed.data, enabled: true, key: crypto.randomUUID() });
    setOpen(false);
    setForm(EMPTY);
    setErrors({});
  }

  const signalsError = errors["when.signals_all"] ?? errors["when.signals_any"];
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => setErrors({})}
      trigger={
        <Button variant="secondary" disabled={disabled}>
          <Plus aria-hidden="true" />
          Add rule
        </Button>
      }
      title="Add a rule"
      description="A rule decides a transaction when all of its conditions hold. It is added last; the first enabled rule that matches decides."
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
      onSubmit={submit}
      submitLabel="Add to draft"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label="Name" hint="What it catches, e.g. “Tor with a high score”." error={errors.name}>
          <Input value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} maxLength={100} autoComplete="off" />
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
          {paymentMethodTypes.map((type) => (
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
      </fieldset>
    </FormDialog>
  );
}
