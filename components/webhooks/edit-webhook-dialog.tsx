"use client";

import { useAction } from "next-safe-action/hooks";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormDialog } from "@/components/ui/form-dialog";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { updateWebhookAction } from "@/lib/actions/update-webhook";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { Form, FormField, FormItem, FormMessage, formLevelError, setFieldErrors, setServerError } from "@/components/ui/form";
import { endpointState } from "@/lib/format/webhook";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";

// webhook.ts holds zod: it loads on the first validation, not with the page.
const schemas = () => import("@/lib/schemas/webhook");
import type { WebhookEndpoint } from "@/lib/api/wire";
import { webhookDraftOverLimit, WebhookFields, type WebhookDraft } from "./webhook-fields";

const FIELDS = ["url", "events", "description", "status"] as const;

type EditWebhookDialogProps = {
  endpoint: WebhookEndpoint;
  environment: ConsoleEnvironment;
  /** After a save, or after leaving someone else's change as it is: show the endpoint as it is now. */
  onSaved: () => void;
  /** The button that opens it (lazy-dialogs.tsx shows it until this dialog has loaded). */
  trigger: ReactNode;
  defaultOpen?: boolean;
};

type Draft = WebhookDraft & { status: "enabled" | "disabled" };

const draftOf = (endpoint: WebhookEndpoint): Draft => ({
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description ?? "",
  status: endpoint.status,
});

/** Edit URL, events, description and status; only what changed is sent (PATCH). */
export function EditWebhookDialog({ endpoint, environment, onSaved, trigger, defaultOpen = false }: EditWebhookDialogProps) {
  const [open, setOpen] = useState(defaultOpen);
  // Event types as strings, as in the create dialog (an endpoint may list types newer than this console).
  const form = useForm<Draft>({
    resolver: lazyZodResolver(() => schemas().then((m) => m.WebhookDraftSchema)),
    defaultValues: draftOf(endpoint),
  });
  const [nothingChanged, setNothingChanged] = useState(false);
  const { execute, result, isPending, reset } = useAction(updateWebhookAction, {
    onSuccess: () => {
      setOpen(false);
      toast.success("Endpoint saved");
      onSaved();
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      setServerError(form, error.serverError, FIELDS);
    },
  });

  const draft = form.watch();
  const submit = form.handleSubmit(async () => {
    const { UpdateWebhookInputSchema, webhookPatch } = await schemas();
    const patch = webhookPatch(endpoint, form.getValues());
    setNothingChanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length === 0) return;
    execute({ ...UpdateWebhookInputSchema.parse({ id: endpoint.webhook_id, version: endpoint.version, ...patch }), environment });
  });

  const conflict = result.serverError?.conflict ? result.serverError : null;
  // Redo: the same changes (only the fields this admin edited) on the endpoint as it is now.
  const redo = async () => {
    const { UpdateWebhookInputSchema, webhookPatch } = await schemas();
    const parsed = UpdateWebhookInputSchema.safeParse({
      id: endpoint.webhook_id,
      version: conflict!.conflict!.currentVersion,
      ...webhookPatch(endpoint, form.getValues()),
    });
    if (parsed.success) execute({ ...parsed.data, environment });
  };
  const state = endpointState(endpoint);

  return (
    <Form {...form}>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Each opening starts from the endpoint as it is now.
          if (next) form.reset(draftOf(endpoint));
          form.clearErrors();
          setNothingChanged(false);
          reset();
        }}
        trigger={trigger}
        title="Edit the endpoint"
        description="Changes apply to the next delivery. A new URL is checked again; the signing secret stays the same."
        className="max-w-2xl"
        onSubmit={submit}
        submitLabel="Save changes"
        pending={isPending}
        submitDisabled={webhookDraftOverLimit(draft)}
        error={conflict ? null : formLevelError(result.serverError, FIELDS)}
      >
        {conflict ? (
          <ConflictNotice
            error={conflict}
            redoLabel="save my changes"
            pending={isPending}
            onRedo={redo}
            onDismiss={() => {
              setOpen(false);
              reset();
              onSaved();
            }}
          />
        ) : null}
        {nothingChanged ? (
          <p role="status" className="text-sm text-muted-foreground">
            Nothing changed.
          </p>
        ) : null}
        <WebhookFields disabled={isPending} idPrefix={`edit-${endpoint.webhook_id}`} />
        <FormField
          control={form.control}
          name="status"
          render={({ field }) => (
            <FormItem as="fieldset" className="gap-2" disabled={isPending}>
              <legend className="text-sm font-medium">Status</legend>
              <div className="flex flex-wrap gap-4">
                {(["enabled", "disabled"] as const).map((status) => (
                  <label key={status} className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`status-${endpoint.webhook_id}`}
                      value={status}
                      checked={field.value === status}
                      onChange={() => field.onChange(status)}
                      onBlur={field.onBlur}
                      className="size-4 accent-[var(--primary)]"
                    />
                    {status === "enabled" ? "Enabled: receives events" : "Disabled: receives nothing"}
                  </label>
                ))}
              </div>
              {state.kind === "auto_disabled" && field.value === "enabled" ? (
                <p className="text-xs leading-relaxed text-muted-foreground">
                  Re-enabling clears the automatic disabling. Events that were dropped while it was disabled are not sent again.
                </p>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
      </FormDialog>
    </Form>
  );
}
