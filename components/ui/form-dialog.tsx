"use client";

import type { FormEvent, ReactNode } from "react";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "./dialog";
import { FormError } from "./form-error";
import { Spinner } from "./spinner";

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called whenever the dialog closes (Escape, the corner button, Cancel): clear errors here. */
  onClose?: () => void;
  /** The button that opens the dialog; none when the page opens it (a choice that needs confirming). */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  /** A submission is running: the buttons are disabled and the submit button spins. */
  pending?: boolean;
  /** The form cannot be sent as it is (a text over its limit): the submit button is disabled. */
  submitDisabled?: boolean;
  /** The API's refusal of the last submission, shown above the fields with its request id. */
  error?: SafeError | null;
  className?: string;
  formClassName?: string;
  footerClassName?: string;
  children: ReactNode;
};

/**
 * A dialog around one form: title, description, the submission's error, the fields, and Cancel
 * plus a submit button. The form stays open while the action runs and closes from its onSuccess.
 */
export function FormDialog({
  open,
  onOpenChange,
  onClose,
  trigger,
  title,
  description,
  onSubmit,
  submitLabel,
  pending = false,
  submitDisabled = false,
  error,
  className,
  formClassName,
  footerClassName,
  children,
}: FormDialogProps) {
  function change(next: boolean) {
    onOpenChange(next);
    if (!next) onClose?.();
  }
  return (
    <Dialog open={open} onOpenChange={change}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className={cn("mt-5 grid gap-5", formClassName)} noValidate>
          <FormError error={error} />
          {children}
          <DialogFooter className={cn("mt-1", footerClassName)}>
            <Button variant="secondary" onClick={() => change(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || submitDisabled}>
              {pending ? <Spinner /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
