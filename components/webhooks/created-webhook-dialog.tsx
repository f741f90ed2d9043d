"use client";

import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { describeEvents, type CreatedWebhookEndpoint } from "@/lib/schemas/webhook";

/**
 * The one time an endpoint's signing secret is shown. Dismissed only by the button that says it
 * was stored; closing drops the secret from memory (the parent clears its state).
 */
export function CreatedWebhookDialog({ created, onDone }: { created: CreatedWebhookEndpoint | null; onDone: () => void }) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent className="max-w-xl" hideClose onInteractOutside={(event) => event.preventDefault()} onEscapeKeyDown={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Copy the signing secret</DialogTitle>
          <DialogDescription>
            <span className="break-all">{created?.url}</span> receives {created ? describeEvents(created.events).toLowerCase() : ""}.
          </DialogDescription>
        </DialogHeader>
        <div role="note" className="mt-5 flex gap-2.5 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>
            <strong className="font-semibold">This is the only time the secret is shown.</strong> Your receiver needs it to verify the{" "}
            <code className="font-mono text-xs">webhook-signature</code> header of every event (Standard Webhooks). A lost secret means deleting the
            endpoint and adding it again.
          </p>
        </div>
        <div className="mt-4 grid gap-1.5">
          <label htmlFor="new-webhook-secret" className="text-sm font-medium">
            Signing secret
          </label>
          <div className="flex gap-2">
            <input
              id="new-webhook-secret"
              readOnly
              value={created?.secret ?? ""}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-md border border-border-strong bg-surface-muted px-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
              spellCheck={false}
              autoComplete="off"
            />
            {created ? <CopyButton value={created.secret} label="Copy secret" showLabel size="md" /> : null}
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onDone}>I have stored the secret</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
