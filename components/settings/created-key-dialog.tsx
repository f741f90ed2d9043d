"use client";

import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { CreatedApiKey } from "@/lib/schemas/api-key";

/**
 * The one time a key's secret is shown. It cannot be dismissed by a stray click or Escape: only
 * by the button that says the key was saved. Closing drops the secret from memory (the parent
 * clears its state); it is in no cache and no log.
 */
export function CreatedKeyDialog({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent className="max-w-xl" hideClose onInteractOutside={(event) => event.preventDefault()} onEscapeKeyDown={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Copy your new API key</DialogTitle>
          <DialogDescription>
            “{created?.label}” ({created?.environment === "live" ? "live" : "test"} key)
            {created && created.scopes.length > 0 ? `, scopes: ${created.scopes.join(", ")}` : ", unrestricted"}.
          </DialogDescription>
        </DialogHeader>
        <div role="note" className="mt-5 flex gap-2.5 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>
            <strong className="font-semibold">This is the only time the key is shown.</strong> Store it in your secret manager now.
            Argus keeps only a hash; a lost key must be revoked and replaced.
          </p>
        </div>
        <div className="mt-4 grid gap-1.5">
          <label htmlFor="new-api-key" className="text-sm font-medium">
            API key
          </label>
          <div className="flex gap-2">
            <input
              id="new-api-key"
              readOnly
              value={created?.key ?? ""}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-md border border-border-strong bg-surface-muted px-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
              spellCheck={false}
              autoComplete="off"
            />
            {created ? <CopyButton value={created.key} label="Copy key" showLabel size="md" /> : null}
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onDone}>I have stored the key</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
