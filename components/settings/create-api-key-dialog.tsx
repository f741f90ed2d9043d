"use client";

import { Plus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
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
import { CreateApiKeyInputSchema, type CreateApiKeyInput } from "@/lib/schemas/api-key";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { LimitedText } from "@/components/ui/limited-text";
import { ScopesFieldset } from "./scopes-fieldset";

type CreateApiKeyDialogProps = {
  environment: ConsoleEnvironment;
  onCreated: (created: CreatedApiKey) => void;
};

const EMPTY: CreateApiKeyInput = { label: "", scopes: [] };
const FIELDS = ["label", "scopes"] as const;

export function CreateApiKeyDialog({ environment, onCreated }: CreateApiKeyDialogProps) {
  const [open, setOpen] = useState(false);
  const form = useForm<CreateApiKeyInput>({ resolver: zodResolver(CreateApiKeyInputSchema), defaultValues: EMPTY });
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
        trigger={
          <Button>
            <Plus aria-hidden="true" />
            Create key
          </Button>
        }
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
