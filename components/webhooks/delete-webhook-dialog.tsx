"use client";

import { Trash2 } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { deleteWebhookAction } from "@/lib/actions/delete-webhook";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { WebhookEndpoint } from "@/lib/schemas/webhook";

type DeleteWebhookDialogProps = {
  endpoint: WebhookEndpoint;
  environment: ConsoleEnvironment;
  onDeleted: () => void;
  variant?: "row" | "page";
};

/** Deleting is instant and final (the log and pending deliveries go too): confirm it, naming the URL. */
export function DeleteWebhookDialog({ endpoint, environment, onDeleted, variant = "row" }: DeleteWebhookDialogProps) {
  const [open, setOpen] = useState(false);
  const { execute, result, isPending, reset } = useAction(deleteWebhookAction, {
    onSuccess: () => {
      setOpen(false);
      toast.success("Endpoint deleted");
      onDeleted();
    },
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <AlertDialogTrigger asChild>
        {variant === "row" ? (
          <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-soft" aria-label={`Delete endpoint ${endpoint.url}`}>
            Delete
          </Button>
        ) : (
          <Button variant="secondary" className="text-danger">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete this endpoint?</AlertDialogTitle>
        <AlertDialogDescription>
          <span className="font-mono text-xs break-all text-foreground">{endpoint.url}</span> stops receiving events at once. Its delivery log and any
          deliveries waiting for a retry are deleted with it. This cannot be undone.
        </AlertDialogDescription>
        <FormError error={result.serverError} className="mt-4" />
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the API has answered. */}
          <Button variant="danger" disabled={isPending} onClick={() => execute({ id: endpoint.webhook_id, environment })}>
            {isPending ? <Spinner /> : null}
            Delete endpoint
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
