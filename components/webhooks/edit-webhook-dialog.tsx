"use client";

import { Pencil } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { updateWebhookAction } from "@/lib/actions/update-webhook";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldErrorsOf, mergeFieldErrors } from "@/lib/schemas/field-errors";
import { endpointState } from "@/lib/format/webhook";
import { UpdateWebhookInputSchema, webhookPatch } from "@/lib/schemas/webhook";
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(endpoint));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const { execute, result, isPending, reset } = useAction(updateWebhookAction, {
    onSuccess: () => {
      setOpen(false);
      toast.success("Endpoint saved");
      onSaved();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const patch = webhookPatch(endpoint, draft);
    if (Object.keys(patch).length === 0) {
      setClientErrors({ "": "Nothing changed." });
      return;
    }
    const parsed = UpdateWebhookInputSchema.safeParse({ id: endpoint.webhook_id, version: endpoint.version, ...patch });
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setClientErrors({});
    execute({ ...parsed.data, environment });
  }

  const errors = mergeFieldErrors(clientErrors, result.serverError, FIELDS);
  const conflict = result.serverError?.conflict ? result.serverError : null;
  // Redo: the same changes (only the fields this admin edited) on the endpoint as it is now.
  const redo = () => {
    const parsed = UpdateWebhookInputSchema.safeParse({ id: endpoint.webhook_id, version: conflict!.conflict!.currentVersion, ...webhookPatch(endpoint, draft) });
    if (parsed.success) execute({ ...parsed.data, environment });
  };
  const state = endpointState(endpoint);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Each opening starts from the endpoint as it is now.
        if (next) setDraft(draftOf(endpoint));
        setClientErrors({});
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
      error={conflict ? null : result.serverError}
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
      {errors[""] ? (
        <p role="status" className="text-sm text-muted-foreground">
          {errors[""]}
        </p>
      ) : null}
      <WebhookFields value={draft} onChange={(next) => setDraft({ ...draft, ...next })} errors={errors} disabled={isPending} idPrefix={`edit-${endpoint.webhook_id}`} />
      <fieldset className="grid gap-2" disabled={isPending}>
        <legend className="text-sm font-medium">Status</legend>
        <div className="flex flex-wrap gap-4">
          {(["enabled", "disabled"] as const).map((status) => (
            <label key={status} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`status-${endpoint.webhook_id}`}
                value={status}
                checked={draft.status === status}
                onChange={() => setDraft({ ...draft, status })}
                className="size-4 accent-[var(--primary)]"
              />
              {status === "enabled" ? "Enabled: receives events" : "Disabled: receives nothing"}
            </label>
          ))}
        </div>
        {state.kind === "auto_disabled" && draft.status === "enabled" ? (
          <p className="text-xs leading-relaxed text-muted-foreground">
            Re-enabling clears the automatic disabling. Events that were dropped while it was disabled are not sent again.
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
