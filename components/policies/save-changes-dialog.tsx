"use client";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { UserText } from "@/components/ui/user-text";
import type { SafeError } from "@/lib/schemas/safe-error";

type SaveChangesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What saving does, e.g. "New scores are decided with these bands from the next request." */
  description: string;
  changes: readonly string[];
  onConfirm: () => void;
  isPending: boolean;
  error: SafeError | undefined;
  /** After a version conflict: save the same changes on the version now in force. */
  onRedo: (version: number) => void;
  /** After a version conflict: drop the draft and show the policy as it is now. */
  onDiscard: () => void;
};

/**
 * The explicit last step of a policy change: every change listed, in words, before it is sent.
 * Policies decide live traffic, so nothing is saved by editing alone.
 */
export function SaveChangesDialog({
  open,
  onOpenChange,
  title,
  description,
  changes,
  onConfirm,
  isPending,
  error,
  onRedo,
  onDiscard,
}: SaveChangesDialogProps) {
  const conflict = error?.conflict;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="max-w-xl">
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <ul
          className="mt-4 grid max-h-80 gap-1.5 overflow-auto rounded-lg border border-border bg-surface-muted p-3 text-sm"
          aria-label="Changes"
        >
          {/* Two lines can read the same (two identical rules added): the index keeps keys unique. */}
          {changes.map((line, index) => (
            <li key={`${index}:${line}`} className="flex gap-2">
              <span aria-hidden="true" className="text-muted-foreground">
                •
              </span>
              <UserText value={line} className="break-words" />
            </li>
          ))}
        </ul>
        {error && conflict ? (
          <ConflictNotice
            error={error}
            className="mt-4"
            redoLabel="save my changes"
            pending={isPending}
            onRedo={() => onRedo(conflict.currentVersion)}
            onDismiss={onDiscard}
          />
        ) : (
          <FormError error={error} className="mt-4" />
        )}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={isPending}>
              Keep editing
            </Button>
          </AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the API has answered. */}
          <Button disabled={isPending} onClick={onConfirm}>
            {isPending ? <Spinner /> : null}
            Save {changes.length} {changes.length === 1 ? "change" : "changes"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
