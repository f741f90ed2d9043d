"use client";

import { Plus, Trash2 } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { updateAssignmentPolicyAction } from "@/lib/actions/update-assignment-policy";
import { alertSeverities, caseTypes, type AssignmentPolicy } from "@/lib/api/wire";
import { alertSeverityLabels } from "@/lib/format/alert";
import { caseTypeLabels } from "@/lib/format/case";
import { revealHidden } from "@/lib/format/invisible-characters";
import { assignmentChanges, rulesForApi } from "@/lib/schemas/assignment-rules";
import type { AssignmentForm } from "@/lib/schemas/assignment-policy";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { DraftHeader } from "./draft-header";
import { SaveChangesDialog } from "./save-changes-dialog";

const formOf = (p: AssignmentPolicy): AssignmentForm => ({
  mode: p.mode,
  rules: p.rules.map((r) => ({ case_types: r.case_types ?? [], severities: r.severities ?? [], analyst_ids: r.analyst_ids })),
});

function Choices<T extends string>({
  legend,
  options,
  label,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  options: readonly T[];
  label: (option: T) => string;
  value: T[];
  onChange: (next: T[]) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={value.includes(option)}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type Props = {
  policy: AssignmentPolicy;
  analysts: { id: string; name: string }[];
  environment: ConsoleEnvironment;
  currentAnalystId: string;
};

/** The assignment policy (GET/PUT /api/v1/policies/assignment): manual or auto, rules by type and severity to named analysts. */
export function AssignmentEditor({ policy: initial, analysts, environment, currentAnalystId }: Props) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const form = useForm<AssignmentForm>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/assignment-policy").then((m) => m.AssignmentFormSchema)),
    defaultValues: formOf(initial),
  });
  const rules = useFieldArray({ control: form.control, name: "rules" });
  const draft = form.watch();
  const [confirming, setConfirming] = useState(false);
  const nameOf = (id: string) => revealHidden(analysts.find((a) => a.id === id)?.name ?? id);
  const { execute, result, isPending, reset } = useAction(updateAssignmentPolicyAction, {
    onSuccess: ({ data }) => {
      setSaved(data);
      form.reset(formOf(data));
      setConfirming(false);
      toast.success(`Assignment policy of ${environmentLabels[environment]} saved (version ${data.version})`);
    },
  });
  const next = { mode: draft.mode, rules: rulesForApi(draft) };
  const changes = assignmentChanges(saved, next, nameOf);
  const review = form.handleSubmit(() => {
    reset();
    setConfirming(true);
  });
  const send = (version: number) => execute({ environment, version, ...next });
  return (
    <section aria-labelledby="assignment-heading" className="grid gap-4">
      <DraftHeader
        headingId="assignment-heading"
        title="Case assignment"
        description="Manual: cases wait for a claim or a lead. Automatic: each new case goes to the available analyst with the fewest open cases."
        saved={saved}
        currentAnalystId={currentAnalystId}
        changeCount={changes.length}
        pending={isPending}
        onDiscard={() => form.reset(formOf(saved))}
        onReview={review}
      />
      <Form {...form}>
        <Card>
          <CardContent className="grid gap-5 pt-5">
            <fieldset className="grid gap-1.5">
              <legend className="text-sm font-medium">Mode</legend>
              <div className="flex gap-6">
                {(["manual", "auto"] as const).map((mode) => (
                  <label key={mode} className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="assignment-mode"
                      className="size-4 accent-[var(--primary)]"
                      checked={draft.mode === mode}
                      disabled={isPending}
                      onChange={() => form.setValue("mode", mode, { shouldDirty: true })}
                    />
                    {mode === "manual" ? "Manual" : "Automatic"}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-3">
              <p className="text-sm text-muted-foreground">
                Rules (automatic mode): the first rule matching a case’s type and severity limits it to its analysts; no type or severity
                ticked means any. Cases no rule matches go to analysts of role analyst.
              </p>
              {rules.fields.map((field, index) => {
                const rule = draft.rules[index];
                if (!rule) return null;
                const error = form.formState.errors.rules?.[index]?.analyst_ids?.message;
                return (
                  <fieldset key={field.id} className="grid gap-3 rounded-lg border border-border p-3">
                    <legend className="px-1 text-sm font-semibold">Rule {index + 1}</legend>
                    <Choices
                      legend="Case types"
                      options={caseTypes}
                      label={(t) => caseTypeLabels[t]}
                      value={rule.case_types}
                      onChange={(v) => form.setValue(`rules.${index}.case_types`, v, { shouldDirty: true })}
                      disabled={isPending}
                    />
                    <Choices
                      legend="Severities"
                      options={alertSeverities}
                      label={(s) => alertSeverityLabels[s]}
                      value={rule.severities}
                      onChange={(v) => form.setValue(`rules.${index}.severities`, v, { shouldDirty: true })}
                      disabled={isPending}
                    />
                    <Choices
                      legend="Analysts"
                      options={analysts.map((a) => a.id)}
                      label={nameOf}
                      value={rule.analyst_ids}
                      onChange={(v) => form.setValue(`rules.${index}.analyst_ids`, v, { shouldDirty: true, shouldValidate: true })}
                      disabled={isPending}
                    />
                    {error ? <p className="text-xs font-medium text-danger">{error}</p> : null}
                    <div>
                      <Button variant="ghost" size="sm" onClick={() => rules.remove(index)} disabled={isPending}>
                        <Trash2 aria-hidden="true" />
                        Remove rule {index + 1}
                      </Button>
                    </div>
                  </fieldset>
                );
              })}
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => rules.append({ case_types: [], severities: [], analyst_ids: [] })}
                  disabled={isPending}
                >
                  <Plus aria-hidden="true" />
                  Add rule
                </Button>
              </div>
            </div>
          </CardContent>
        </Card>
      </Form>
      <SaveChangesDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!isPending) setConfirming(open);
        }}
        title={`Save the assignment policy of ${environmentLabels[environment]}?`}
        description="New cases are assigned by it from now on; existing cases keep their assignee. These changes will be made:"
        changes={changes}
        onConfirm={() => send(saved.version)}
        isPending={isPending}
        error={result.serverError}
        onRedo={(version) => send(version)}
        onDiscard={() => {
          setConfirming(false);
          reset();
          router.refresh();
        }}
      />
    </section>
  );
}
