"use client";

import { useAction } from "next-safe-action/hooks";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import {
  Form,
  FormField,
  FormFieldItem,
  FormItem,
  FormMessage,
  formLevelError,
  setFieldErrors,
  setServerError,
} from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { createApiKeyAction } from "@/lib/actions/create-api-key";
import type { CreatedApiKey } from "@/lib/api/wire";
import type { CreateApiKeyInput } from "@/lib/schemas/api-key";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";
import { ScopesFieldset } from "./scopes-fieldset";

type CreateApiKeyDialogProps = {
  environment: ConsoleEnvironment;
  onCreated: (created: CreatedApiKey) => void;
  /** The button that opens it (lazy-dialogs.tsx shows it until this dialog has loaded). */
  trigger: ReactNode;
  defaultOpen?: boolean;
};

const EMPTY: CreateApiKeyInput = { label: "", scopes: [] };
const FIELDS = ["label", "scopes"] as const;

export function CreateApiKeyDialog({ environment, onCreated, trigger, defaultOpen = false }: CreateApiKeyDialogProps) {
  const [open, setOpen] = useState(defaultOpen);
  const form = useForm<CreateApiKeyInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/api-key").then((m) => m.CreateApiKeyInputSchema)),
    defaultValues: EMPTY,
  });
  const { execute, result, isPending, reset } = useAction(createApiKeyAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      form.reset(EMPTY);
      reset();
      onCreated(data);
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      setServerError(form, error.serverError, FIELDS);
    },
  });

  const submit = form.handleSubmit((values) => execute({ label: values.label, scopes: values.scopes ?? [], environment }));

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
        title="Create an API key"
        description={
          <>
            A {environment === "production" ? "live" : "test"} key for {environmentLabels[environment]}. It works only against the{" "}
            {environmentLabels[environment].toLowerCase()} API.
          </>
        }
        className="max-w-2xl"
        onSubmit={submit}
        submitLabel="Create key"
        pending={isPending}
        submitDisabled={overLimit(form.watch("label"), TEXT_LIMITS.apiKeyLabel)}
        error={formLevelError(result.serverError, FIELDS)}
      >
        <FormFieldItem
          control={form.control}
          name="label"
          label="Label"
          description="Which service or person uses it, e.g. “Checkout service”."
        >
          {(field) => (
            <LimitedText
              max={TEXT_LIMITS.apiKeyLabel}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              required
              autoComplete="off"
              disabled={isPending}
            />
          )}
        </FormFieldItem>
        <FormField
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <FormItem>
              <ScopesFieldset value={field.value ?? []} onChange={field.onChange} disabled={isPending} />
              <FormMessage />
            </FormItem>
          )}
        />
      </FormDialog>
    </Form>
  );
}
