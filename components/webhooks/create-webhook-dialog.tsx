"use client";

import { Plus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { createWebhookAction } from "@/lib/actions/create-webhook";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { Form, formLevelError, setFieldErrors, setServerError } from "@/components/ui/form";
import { CreateWebhookInputSchema } from "@/lib/schemas/webhook";
import type { CreatedWebhookEndpoint } from "@/lib/api/wire";
import { webhookDraftOverLimit, WebhookFields, type WebhookDraft } from "./webhook-fields";

const EMPTY: WebhookDraft = { url: "", events: [], description: "" };
const FIELDS = ["url", "events", "description"] as const;

type CreateWebhookDialogProps = {
  environment: ConsoleEnvironment;
  onCreated: (created: CreatedWebhookEndpoint) => void;
};

export function CreateWebhookDialog({ environment, onCreated }: CreateWebhookDialogProps) {
  const [open, setOpen] = useState(false);
  // The form holds event types as strings (an endpoint may list types newer than this console); the
  // schema still says which ones the form may send.
  const form = useForm<WebhookDraft>({
    resolver: zodResolver(CreateWebhookInputSchema) as unknown as Resolver<WebhookDraft>,
    defaultValues: EMPTY,
  });
  // One idempotency key per payload: resubmitting the same form (a timeout, a double click) is one
  // registration; a corrected form is a new request.
  const lastSubmit = useRef<{ payload: string; key: string } | null>(null);
  const { execute, result, isPending, reset } = useAction(createWebhookAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      form.reset(EMPTY);
      lastSubmit.current = null;
      reset();
      onCreated(data);
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      setServerError(form, error.serverError, FIELDS);
    },
  });

  const submit = form.handleSubmit((values) => {
    const parsed = CreateWebhookInputSchema.parse(values);
    const payload = JSON.stringify(parsed);
    if (lastSubmit.current?.payload !== payload) lastSubmit.current = { payload, key: crypto.randomUUID() };
    execute({ ...parsed, environment, idempotencyKey: lastSubmit.current.key });
  });

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
            Add endpoint
          </Button>
        }
        title="Add a webhook endpoint"
        description={
          <>Argus will send {environmentLabels[environment]} events to this URL, signed with a secret shown once after you add it.</>
        }
        className="max-w-2xl"
        onSubmit={submit}
        submitLabel="Add endpoint"
        pending={isPending}
        submitDisabled={webhookDraftOverLimit(form.watch())}
        error={formLevelError(result.serverError, FIELDS)}
      >
        <WebhookFields disabled={isPending} idPrefix="create-webhook" />
      </FormDialog>
    </Form>
  );
}
