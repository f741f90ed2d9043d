"use client";

import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteWebhookAction } from "@/lib/actions/delete-webhook";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { WebhookEndpoint } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";

type DeleteWebhookDialogProps = {
  endpoint: WebhookEndpoint;
  environment: ConsoleEnvironment;
  onDeleted: () => void;
  variant?: "row" | "page";
};

/** Deleting is instant and final (the log and pending deliveries go too): confirm it, naming the URL. */
export function DeleteWebhookDialog({ endpoint, environment, onDeleted, variant = "row" }: DeleteWebhookDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        variant === "row" ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:bg-danger-soft"
            aria-label={`Delete endpoint ${revealHidden(endpoint.url)}`}
          >
            Delete
          </Button>
        ) : (
          <Button variant="secondary" className="text-danger">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )
      }
      title="Delete this endpoint?"
      description={
        <>
          <UserText value={endpoint.url} className="font-mono text-xs break-all text-foreground" /> stops receiving events at once. Its
          delivery log and any deliveries waiting for a retry are deleted with it. This cannot be undone.
        </>
      }
      confirmLabel="Delete endpoint"
      action={deleteWebhookAction}
      input={{ id: endpoint.webhook_id, version: endpoint.version, environment }}
      successMessage="Endpoint deleted"
      onConfirmed={onDeleted}
    />
  );
}
