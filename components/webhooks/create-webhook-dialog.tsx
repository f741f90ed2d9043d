"use client";

import { Plus } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { createWebhookAction } from "@/lib/actions/create-webhook";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldErrorsOf, mergeFieldErrors } from "@/lib/schemas/field-errors";
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
  const [draft, setDraft] = useState<WebhookDraft>(EMPTY);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // One idempotency key per payload: resubmitting the same form (a timeout, a double click) is one
  // registration; a corrected form is a new request.
  const lastSubmit = useRef<{ payload: string; key: string } | null>(null);
  const { execute, result, isPending, reset } = useAction(createWebhookAction, {
    onSuccess: ({ data }) => {
      setOpen(false);
      setDraft(EMPTY);
      lastSubmit.current = null;
      reset();
      onCreated(data);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateWebhookInputSchema.safeParse(draft);
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setClientErrors({});
    const payload = JSON.stringify(parsed.data);
    if (lastSubmit.current?.payload !== payload) lastSubmit.current = { payload, key: crypto.randomUUID() };
    execute({ ...parsed.data, environment, idempotencyKey: lastSubmit.current.key });
  }

  const errors = mergeFieldErrors(clientErrors, result.serverError, FIELDS);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => {
        reset();
        setClientErrors({});
      }}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      }
      title="Add a webhook endpoint"
      description={<>Argus will send {environmentLabels[environment]} events to this URL, signed with a secret shown once after you add it.</>}
      className="max-w-2xl"
      onSubmit={submit}
      submitLabel="Add endpoint"
      pending={isPending}
      submitDisabled={webhookDraftOverLimit(draft)}
      error={result.serverError}
    >
      <WebhookFields value={draft} onChange={setDraft} errors={errors} disabled={isPending} idPrefix="create-webhook" />
    </FormDialog>
  );
}
