"use client";

import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";

type SecretOnceDialogProps = {
  /** The secret; null closes the dialog (the parent clears it, so it is in no cache and no log). */
  secret: string | null;
  onDone: () => void;
  title: string;
  description: ReactNode;
  /** What the secret is called in the warning and the buttons: "key", "secret". */
  noun: string;
  /** The visible label of the field that holds the secret. */
  label: string;
  inputId: string;
  /** What to do with it, after "This is the only time the … is shown." */
  advice: ReactNode;
};

/**
 * The one time a secret (an API key, a signing secret) is shown. It cannot be dismissed by a stray
 * click or Escape: only by the button that says it was stored.
 */
export function SecretOnceDialog({ secret, onDone, title, description, noun, label, inputId, advice }: SecretOnceDialogProps) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent
        className="max-w-xl"
        hideClose
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div role="note" className="mt-5 flex gap-2.5 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>
            <strong className="font-semibold">This is the only time the {noun} is shown.</strong> {advice}
          </p>
        </div>
        <div className="mt-4 grid gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {label}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              readOnly
              value={secret ?? ""}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-md border border-border-strong bg-surface-muted px-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
              spellCheck={false}
              autoComplete="off"
            />
            {secret !== null ? <CopyButton value={secret} label={`Copy ${noun}`} showLabel size="md" /> : null}
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onDone}>I have stored the {noun}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
