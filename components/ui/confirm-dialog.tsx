"use client";

import { useAction, type HookSafeActionFn } from "next-safe-action/hooks";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import type { ZodType } from "zod";
import type { SafeError } from "@/lib/schemas/safe-error";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";
import { Button } from "./button";
import { FormError } from "./form-error";
import { Spinner } from "./spinner";

// Schema is a zod type because every console action validates its input with zod (lib/actions/);
// it ties `input` to what `action` accepts.
type ConfirmDialogProps<Schema extends ZodType, ShapedErrors, Data> = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Anything more to say before confirming (a warning note). */
  children?: ReactNode;
  confirmLabel: string;
  /** The server action the confirm button calls, and what it is called with. */
  action: HookSafeActionFn<SafeError, Schema, ShapedErrors, Data>;
  input: Parameters<HookSafeActionFn<SafeError, Schema, ShapedErrors, Data>>[0];
  successMessage: string;
  onConfirmed: () => void;
};

/**
 * Confirms an instant, final action (revoking, deleting). The dialog stays open until the API has
 * answered: a refusal is shown in it with its request id; a success closes it with a toast.
 */
export function ConfirmDialog<Schema extends ZodType, ShapedErrors, Data>({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  action,
  input,
  successMessage,
  onConfirmed,
}: ConfirmDialogProps<Schema, ShapedErrors, Data>) {
  const [open, setOpen] = useState(false);
  const { execute, result, isPending, reset } = useAction(action, {
    onSuccess: () => {
      setOpen(false);
      toast.success(successMessage);
      onConfirmed();
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
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <FormError error={result.serverError} className="mt-4" />
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the API has answered. */}
          <Button variant="danger" disabled={isPending} onClick={() => execute(input)}>
            {isPending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
