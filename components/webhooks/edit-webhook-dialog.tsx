"use client";

import { Pencil } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { updateWebhookAction } from "@/lib/actions/update-webhook";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { Form, FormField, FormItem, FormMessage, formLevelError, setFieldErrors, setServerError } from "@/components/ui/form";
import { endpointState } from "@/lib/format/webhook";
import { UpdateWebhookInputSchema, WebhookDraftSchema, webhookPatch } from "@/lib/schemas/webhook";
import type { WebhookEndpoint } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { webhookDraftOverLimit, WebhookFields, type WebhookDraft } from "./webhook-fields";

const FIELDS = ["url", "events", "description", "status"] as const;

type EditWebhookDialogProps = {
  endpoint: WebhookEndpoint;
  environment: ConsoleEnvironment;
  /** After a save, or after leaving someone else's change as it is: show the endpoint as it is now. */
  onSaved: () => void;
  /** "row": a small ghost button for a table row; "page": a secondary button for the detail page. */
  variant?: "row" | "page";
};

type Draft = WebhookDraft & { status: "enabled" | "disabled" };

const draftOf = (endpoint: WebhookEndpoint): Draft => ({
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description ?? "",
  status: endpoint.status,
});

/** Edit URL, events, description and status; only what changed is sent (PATCH). */
export function EditWebhookDialog({ endpoint, environment, onSaved, variant = "row" }: EditWebhookDialogProps) {
  const [open, setOpen] = useState(false);
  // Event types as strings, as in the create dialog (an endpoint may list types newer than this console).
  const form = useForm<Draft>({
    resolver: zodResolver(WebhookDraftSchema) as unknown as Resolver<Draft>,
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
  const patchOf = () => webhookPatch(endpoint, form.getValues());

  const submit = form.handleSubmit(() => {
    const patch = patchOf();
    setNothingChanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length === 0) return;
    execute({ ...UpdateWebhookInputSchema.parse({ id: endpoint.webhook_id, version: endpoint.version, ...patch }), environment });
  });

  const conflict = result.serverError?.conflict ? result.serverError : null;
  // Redo: the same changes (only the fields this admin edited) on the endpoint as it is now.
  const redo = () => {
    const parsed = UpdateWebhookInputSchema.safeParse({
      id: endpoint.webhook_id,
      version: conflict!.conflict!.currentVersion,
      ...patchOf(),
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
        trigger={
          variant === "row" ? (
            <Button variant="ghost" size="sm" aria-label={`Edit endpoint ${revealHidden(endpoint.url)}`}>
              Edit
            </Button>
          ) : (
            <Button variant="secondary">
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )
        }
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
