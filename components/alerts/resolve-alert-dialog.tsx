"use client";

import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ConflictNotice } from "@/components/ui/conflict-notice";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { updateAlertAction } from "@/lib/actions/update-alert";
import type { Alert, Resolution } from "@/lib/api/wire";
import { ResolutionPicker } from "@/components/ui/resolution-picker";
import { RESOLUTION_REQUIRED } from "@/lib/format/resolution";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { UserText } from "@/components/ui/user-text";
import { LimitedText } from "@/components/ui/limited-text";

type ResolveAlertDialogProps = {
  alert: Pick<Alert, "alert_id" | "summary" | "resolution_notes" | "version">;
  environment: ConsoleEnvironment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
};

/** Resolving asks for the outcome (required) and the findings (optional, ≤ 5,000 characters), stored with the alert. */
export function ResolveAlertDialog({ alert, environment, open, onOpenChange, onDone }: ResolveAlertDialogProps) {
  const [notes, setNotes] = useState(alert.resolution_notes ?? "");
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const [missing, setMissing] = useState(false);
  const { execute, result, isPending, reset } = useAction(updateAlertAction, {
    onSuccess: () => {
      onOpenChange(false);
      toast.success("Alert resolved");
      onDone();
    },
  });
  const conflict = result.serverError?.conflict ? result.serverError : null;
  const resolve = (version: number) => {
    if (!resolution) return setMissing(true);
    const trimmed = notes.trim();
    execute({
      id: alert.alert_id,
      version,
      status: "resolved",
      resolution,
      resolution_notes: trimmed === "" ? undefined : trimmed,
      environment,
    });
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (overLimit(notes, TEXT_LIMITS.alertResolutionNotes)) return;
    resolve(alert.version);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Resolve alert</DialogTitle>
            <DialogDescription>
              <UserText value={alert.summary} />
            </DialogDescription>
          </DialogHeader>
          <ResolutionPicker
            value={resolution}
            onChange={(next) => {
              setResolution(next);
              setMissing(false);
            }}
            error={missing ? RESOLUTION_REQUIRED : null}
          />
          <Field label="Resolution notes" hint="What you found and what was done. Optional.">
            <LimitedText
              multiline
              max={TEXT_LIMITS.alertResolutionNotes}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              rows={5}
            />
          </Field>
          {conflict ? (
            <ConflictNotice
              error={conflict}
              redoLabel="resolve with my notes"
              pending={isPending}
              onRedo={() => resolve(conflict.conflict!.currentVersion)}
              onDismiss={() => {
                onOpenChange(false);
                onDone();
              }}
            />
          ) : (
            <FormError error={result.serverError} />
          )}
          <DialogFooter>
            <Button variant="secondary" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending || overLimit(notes, TEXT_LIMITS.alertResolutionNotes)}>
              {isPending ? <Spinner /> : null}
              Resolve alert
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
