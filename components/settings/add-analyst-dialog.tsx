"use client";

import { useAction } from "next-safe-action/hooks";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Form, FormFieldItem, formLevelError, setFieldErrors, setServerError } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { createAnalystAction } from "@/lib/actions/create-analyst";
import { analystRoles } from "@/lib/api/wire";
import type { CreateAnalystInput } from "@/lib/schemas/analyst";
import { MIN_PASSWORD_LENGTH } from "@/lib/schemas/password";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { roleDescriptions, roleLabels } from "@/lib/format/analyst";
import { revealHidden } from "@/lib/format/invisible-characters";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";

const EMPTY: CreateAnalystInput = { email: "", name: "", role: "analyst", password: "" };
const FIELDS = ["email", "name", "role", "password"] as const;

/** Loaded on the first click of its trigger (lazy-dialogs.tsx), which it is given. */
export function AddAnalystDialog({
  onAdded,
  trigger,
  defaultOpen = false,
}: {
  onAdded: () => void;
  trigger: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const form = useForm<CreateAnalystInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/analyst").then((m) => m.CreateAnalystInputSchema)),
    defaultValues: EMPTY,
  });
  const { execute, result, isPending, reset } = useAction(createAnalystAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      form.reset(EMPTY);
      reset();
      toast.success(`${revealHidden(data.name || data.email)} can now sign in as ${roleLabels[data.role].toLowerCase()}`);
      onAdded();
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      setServerError(form, error.serverError, FIELDS);
    },
  });

  // The form's values as typed: the action trims and checks them again.
  const submit = form.handleSubmit(() => execute(form.getValues()));
  const role = form.watch("role");

  // API refusals (an e-mail already in use…) show above the fields with the request id, or next
  // to the field they name; the schema's checks next to each field.
  return (
    <Form {...form}>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        onClose={() => {
          reset();
          form.clearErrors();
        }}
        trigger={trigger}
        title="Add an analyst"
        description="They sign in with this e-mail and password. Share the password through a safe channel."
        formClassName="gap-4"
        footerClassName="mt-2"
        onSubmit={submit}
        submitLabel="Add analyst"
        pending={isPending}
        submitDisabled={overLimit(form.watch("name") ?? "", TEXT_LIMITS.analystName)}
        error={formLevelError(result.serverError, FIELDS)}
      >
        <FormFieldItem control={form.control} name="email" label="E-mail">
          {(field) => <Input type="email" {...field} autoComplete="off" spellCheck={false} required disabled={isPending} />}
        </FormFieldItem>
        <FormFieldItem control={form.control} name="name" label="Name" description="Optional. Shown in the header and in case timelines.">
          {(field) => (
            <LimitedText
              max={TEXT_LIMITS.analystName}
              name={field.name}
              value={field.value ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete="off"
              disabled={isPending}
            />
          )}
        </FormFieldItem>
        <FormFieldItem control={form.control} name="role" label="Role" description={roleDescriptions[role]}>
          {(field) => (
            <NativeSelect {...field} disabled={isPending}>
              {analystRoles.map((value) => (
                <option key={value} value={value}>
                  {roleLabels[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormFieldItem>
        <FormFieldItem control={form.control} name="password" label="Password" description={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          {(field) => <Input type="password" {...field} autoComplete="new-password" required disabled={isPending} />}
        </FormFieldItem>
      </FormDialog>
    </Form>
  );
}
