"use client";

import { useAction } from "next-safe-action/hooks";
import { useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { createWebhookAction } from "@/lib/actions/create-webhook";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { Form, formLevelError, setFieldErrors, setServerError } from "@/components/ui/form";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { CreatedWebhookEndpoint } from "@/lib/api/wire";
import { webhookDraftOverLimit, WebhookFields, type WebhookDraft } from "./webhook-fields";

const EMPTY: WebhookDraft = { url: "", events: [], description: "" };
const FIELDS = ["url", "events", "description"] as const;

type CreateWebhookDialogProps = {
  environment: ConsoleEnvironment;
  onCreated: (created: CreatedWebhookEndpoint) => void;
  /** The button that opens it (lazy-dialogs.tsx shows it until this dialog has loaded). */
  trigger: ReactNode;
  defaultOpen?: boolean;
};

export function CreateWebhookDialog({ environment, onCreated, trigger, defaultOpen = false }: CreateWebhookDialogProps) {
  const [open, setOpen] = useState(defaultOpen);
  // The form holds event types as strings (an endpoint may list types newer than this console); the
  // schema still says which ones the form may send.
  const form = useForm<WebhookDraft>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/webhook").then((m) => m.CreateWebhookInputSchema)),
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

  const submit = form.handleSubmit(async (values) => {
    // Loaded already by the resolver; parsed again for the action's types.
    const { CreateWebhookInputSchema } = await import("@/lib/schemas/webhook");
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
        trigger={trigger}
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
