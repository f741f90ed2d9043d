"use client";

import { UserPlus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { createAnalystAction } from "@/lib/actions/create-analyst";
import { analystRoles, type AnalystRole } from "@/lib/api/wire";
import { MIN_PASSWORD_LENGTH } from "@/lib/schemas/analyst";
import { roleDescriptions, roleLabels } from "@/lib/format/analyst";
import { revealHidden } from "@/lib/format/invisible-characters";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";

const EMPTY = { email: "", name: "", role: "analyst" as AnalystRole, password: "" };

export function AddAnalystDialog({ onAdded }: { onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const { execute, result, isPending, reset } = useAction(createAnalystAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      setForm(EMPTY);
      reset();
      toast.success(`${revealHidden(data.name || data.email)} can now sign in as ${roleLabels[data.role].toLowerCase()}`);
      onAdded();
    },
  });
  const errors = result.validationErrors?.fieldErrors;

  function submit(event: FormEvent) {
    event.preventDefault();
    execute(form);
  }

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));
  // API refusals (an e-mail already in use…) show above the fields with the request id; field
  // checks next to each field.
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={reset}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          Add analyst
        </Button>
      }
      title="Add an analyst"
      description="They sign in with this e-mail and password. Share the password through a safe channel."
      formClassName="gap-4"
      footerClassName="mt-2"
      onSubmit={submit}
      submitLabel="Add analyst"
      pending={isPending}
      submitDisabled={overLimit(form.name, TEXT_LIMITS.analystName)}
      error={result.serverError}
    >
      <Field label="E-mail" error={errors?.email}>
        <Input type="email" value={form.email} onChange={set("email")} autoComplete="off" spellCheck={false} required disabled={isPending} />
      </Field>
      <Field label="Name" hint="Optional. Shown in the header and in case timelines." error={errors?.name}>
        <LimitedText max={TEXT_LIMITS.analystName} value={form.name} onChange={set("name")} autoComplete="off" disabled={isPending} />
      </Field>
      <Field label="Role" hint={roleDescriptions[form.role]} error={errors?.role}>
        <NativeSelect value={form.role} onChange={set("role")} disabled={isPending}>
          {analystRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errors?.password}>
        <Input type="password" value={form.password} onChange={set("password")} autoComplete="new-password" required disabled={isPending} />
      </Field>
    </FormDialog>
  );
}
