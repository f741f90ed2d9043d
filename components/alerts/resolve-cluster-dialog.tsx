"use client";

import { useAction } from "next-safe-action/hooks";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { LimitedText } from "@/components/ui/limited-text";
import { ResolutionPicker } from "@/components/ui/resolution-picker";
import { Spinner } from "@/components/ui/spinner";
import { resolveClusterAction } from "@/lib/actions/dispose-cluster";
import type { AlertCluster, Resolution } from "@/lib/api/wire";
import { RESOLUTION_REQUIRED } from "@/lib/format/resolution";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";

type ResolveClusterDialogProps = {
  cluster: AlertCluster;
  environment: ConsoleEnvironment;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
};

const plural = (n: number) => `${n} alert${n === 1 ? "" : "s"}`;

/** Resolve all: one outcome (required) and one note for every alert of the cluster, each on the version shown. */
export function ResolveClusterDialog({ cluster, environment, onOpenChange, onDone }: ResolveClusterDialogProps) {
  const [notes, setNotes] = useState("");
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const [missing, setMissing] = useState(false);
  const { execute, result, isPending } = useAction(resolveClusterAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      const parts = [
        data.resolved > 0 ? `${plural(data.resolved)} resolved` : null,
        data.held > 0 ? `${plural(data.held)} sent for approval` : null,
      ].filter(Boolean);
      const failures = data.outcomes.flatMap((o) => (o.ok ? [] : [`${o.alert_id}: ${o.error.message}`]));
      if (failures.length === 0) toast.success(parts.join(", "));
      else
        toast.warning(`${plural(data.failed)} could not be resolved${parts.length ? ` (${parts.join(", ")})` : ""}`, {
          description: failures.join(" "),
        });
      onOpenChange(false);
      onDone();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!resolution) return setMissing(true);
    if (overLimit(notes, TEXT_LIMITS.alertResolutionNotes)) return;
    const trimmed = notes.trim();
    execute({
      environment,
      alerts: cluster.alerts.map((a) => ({ id: a.alert_id, version: a.version })),
      resolution,
      resolution_notes: trimmed === "" ? undefined : trimmed,
    });
  }
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Resolve {plural(cluster.size)}</DialogTitle>
            <DialogDescription>Every alert of this cluster gets the same outcome and notes, recorded in its own history.</DialogDescription>
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
              onChange={(e) => setNotes(e.target.value)}
              rows={4}
            />
          </Field>
          <FormError error={result.serverError} />
          <DialogFooter>
            <Button variant="secondary" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending || overLimit(notes, TEXT_LIMITS.alertResolutionNotes)}>
              {isPending ? <Spinner /> : null}
              Resolve all
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
