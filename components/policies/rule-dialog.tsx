"use client";

import { Pencil, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form, FormField, FormFieldItem, FormItem, FormMessage } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { actionLabels, describeConditions } from "@/lib/format/policy";
import { formOfRule, ruleFromForm, type DraftRule, type RuleForm } from "@/lib/schemas/policy-draft";

// policy.ts (zod) loads on the first validation, not with the policies page.
const ruleSchema = () => import("@/lib/schemas/policy").then((m) => m.RuleInputSchema);
import { paymentMethodTypes, policyActions, type RuleConditions, type SignalInfo } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";
import { SignalsFieldset } from "./signals-fieldset";

const EMPTY: RuleForm = {
  name: "",
  action: "challenge",
  signals: [],
  signalMode: "any",
  score_gte: "",
  amount_gte: "",
  payment_method_types: [],
};

type RuleDialogProps = {
  signals: readonly SignalInfo[];
  /** Given: edit this rule (an "Edit" button opens the form filled with it); absent: add a rule. */
  rule?: DraftRule;
  /** The new rule, or the edited one with its id, key and on/off state unchanged. */
  onSubmit: (rule: DraftRule) => void;
  disabled?: boolean;
};

/** The form field a rule's issue belongs to (`when.signals_any` → signals); `when` alone: the rule as a whole. */
function fieldOfIssue(path: readonly PropertyKey[]): keyof RuleForm | "root" {
  const [first, second] = path.map(String);
  if (first !== "when") return first === "action" ? "action" : "name";
  if (second === "signals_all" || second === "signals_any") return "signals";
  if (second === "score_gte" || second === "amount_gte" || second === "payment_method_types") return second;
  return "root";
}

/**
 * The rule schema judges the rule the form describes (ruleFromForm), with the conditions the form
 * has no field for; each issue lands on the field it is about.
 */
function ruleResolver(kept: () => RuleConditions): Resolver<RuleForm> {
  return async (values) => {
    const parsed = (await ruleSchema()).safeParse(ruleFromForm(values, kept()));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) errors[fieldOfIssue(issue.path)] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: errors as FieldErrors<RuleForm> };
  };
}

/**
 * Describes a rule and puts it in the draft: a new one at the end ("Add rule"), or an existing one
 * changed in place ("Edit"). Nothing is saved until "Review and save".
 */
export function RuleDialog({ signals, rule, onSubmit, disabled }: RuleDialogProps) {
  const [open, setOpen] = useState(false);
  // Conditions of the edited rule that the form has no field for; kept as they are.
  const [kept, setKept] = useState<RuleConditions>({});
  const keptRef = useRef(kept);
  useEffect(() => {
    keptRef.current = kept;
  }, [kept]);
  const form = useForm<RuleForm>({ resolver: ruleResolver(() => keptRef.current), defaultValues: EMPTY });

  function changeOpen(next: boolean) {
    // Filled from the rule as the draft has it now (it may have been edited or switched since).
    if (next && rule) {
      const filled = formOfRule(rule);
      form.reset(filled.form);
      setKept(filled.kept);
    }
    setOpen(next);
  }

  const submit = form.handleSubmit(async (values) => {
    const { name, action, when } = (await ruleSchema()).parse(ruleFromForm(values, kept));
    // An edit keeps the id: blocked transactions name their rule by it (`rule_id`).
    onSubmit(rule ? { ...rule, name, action, when } : { name, action, when, enabled: true, key: crypto.randomUUID() });
    setOpen(false);
    form.reset(EMPTY);
    setKept({});
  });

  const values = form.watch();
  // A rule read from a newer API may name a payment method this console does not know: shown
  // too, so it can be unticked (the schema refuses it while it is ticked).
  const methods = [
    ...paymentMethodTypes,
    ...values.payment_method_types.filter((type) => !(paymentMethodTypes as readonly string[]).includes(type)),
  ];
  const keptConditions = Object.keys(kept).length > 0 ? describeConditions(kept) : null;
  const whole = form.formState.errors.root;
  return (
    <Form {...form}>
      <FormDialog
        open={open}
        onOpenChange={changeOpen}
        onClose={() => form.clearErrors()}
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
        submitDisabled={overLimit(values.name, TEXT_LIMITS.ruleName)}
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <FormFieldItem control={form.control} name="name" label="Name" description="What it catches, e.g. “Tor with a high score”.">
            {(field) => (
              <LimitedText
                max={TEXT_LIMITS.ruleName}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="off"
              />
            )}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="action" label="Decision" description="What the rule decides.">
            {(field) => (
              <NativeSelect {...field}>
                {policyActions.map((action) => (
                  <option key={action} value={action}>
                    {actionLabels[action]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormFieldItem>
        </div>
        {whole?.message ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {whole.message}
          </p>
        ) : null}
        <FormField
          control={form.control}
          name="signals"
          render={({ field, fieldState }) => (
            <SignalsFieldset
              signals={signals}
              value={field.value}
              onChange={field.onChange}
              mode={values.signalMode}
              onModeChange={(mode) => form.setValue("signalMode", mode)}
              error={fieldState.error?.message}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormFieldItem control={form.control} name="score_gte" label="Score at least (optional)" description="0 to 100.">
            {(field) => <Input type="number" inputMode="numeric" min={0} max={100} {...field} />}
          </FormFieldItem>
          <FormFieldItem
            control={form.control}
            name="amount_gte"
            label="Amount at least (optional)"
            description="In minor units, e.g. 50000 = 500.00."
          >
            {(field) => <Input type="number" inputMode="numeric" min={0} {...field} />}
          </FormFieldItem>
        </div>
        <FormField
          control={form.control}
          name="payment_method_types"
          render={({ field }) => (
            <FormItem as="fieldset" className="gap-2">
              <legend className="text-sm font-medium">Payment method (optional)</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {methods.map((type) => (
                  <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={field.value.includes(type)}
                      onChange={(event) =>
                        field.onChange(event.target.checked ? [...field.value, type] : field.value.filter((t) => t !== type))
                      }
                      className="size-4 accent-[var(--primary)]"
                    />
                    <code className="font-mono text-xs">{type}</code>
                  </label>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        {keptConditions ? (
          <p className="text-sm text-muted-foreground">
            Also a condition of this rule, kept as it is (this form has no field for it): {keptConditions}.
          </p>
        ) : null}
      </FormDialog>
    </Form>
  );
}
