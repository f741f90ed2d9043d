"use client";

import { RotateCcw } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { updateDetectionPolicyAction } from "@/lib/actions/update-detection-policy";
import { detectionChanges, DetectionThresholdsInputSchema, detectors, parseNumberInput, type DetectionThresholds, type DetectorName, type DetectorThresholds } from "@/lib/schemas/detection-policy";
import type { DetectionPolicy } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldErrorsOf, mergeFieldErrors } from "@/lib/schemas/field-errors";
import { DraftHeader } from "./draft-header";
import { SaveChangesDialog } from "./save-changes-dialog";

type Draft = Record<DetectorName, Record<string, string | boolean>>;

function draftOf(thresholds: DetectionThresholds): Draft {
  return Object.fromEntries(
    detectors.map((info) => [
      info.name,
      Object.fromEntries(Object.entries(thresholds[info.name] ?? {}).map(([key, value]) => [key, typeof value === "boolean" ? value : String(value)])),
    ]),
  ) as Draft;
}

function thresholdsOf(draft: Draft): DetectionThresholds {
  return Object.fromEntries(
    detectors.map((info) => [
      info.name,
      Object.fromEntries(Object.entries(draft[info.name]).map(([key, value]) => [key, typeof value === "boolean" ? value : parseNumberInput(value)])),
    ]),
  ) as DetectionThresholds;
}

const KNOWN_FIELDS = detectors.flatMap((info) => [info.name, `${info.name}.enabled`, ...info.fields.map((field) => `${info.name}.${field.key}`)]);

type DetectionEditorProps = { policy: DetectionPolicy; environment: ConsoleEnvironment; currentAnalystId: string };

/** The detection engine's thresholds per detector, edited as a draft and saved after a review (PUT). */
export function DetectionEditor({ policy: initial, environment, currentAnalystId }: DetectionEditorProps) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial.detectors));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const { execute, result, isPending, reset } = useAction(updateDetectionPolicyAction, {
    onSuccess: ({ data }) => {
      setSaved(data);
      setDraft(draftOf(data.detectors));
      setConfirming(false);
      toast.success(`Detection thresholds of ${environmentLabels[environment]} saved (version ${data.version})`);
    },
  });

  const thresholds = thresholdsOf(draft);
  const changes = detectionChanges(saved.detectors, thresholds);
  const setField = (name: DetectorName, key: string, value: string | boolean) => setDraft({ ...draft, [name]: { ...draft[name], [key]: value } });

  function review() {
    reset();
    const parsed = DetectionThresholdsInputSchema.safeParse(thresholds);
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setClientErrors({});
    setConfirming(true);
  }

  const errors = mergeFieldErrors(clientErrors, result.serverError, KNOWN_FIELDS);
  return (
    <section aria-labelledby="detection-heading" className="grid gap-4">
      <DraftHeader
        headingId="detection-heading"
        title="Detection thresholds"
        description="When the detection engine raises an alert. Each field shows its documented default."
        saved={saved}
        currentAnalystId={currentAnalystId}
        changeCount={changes.length}
        pending={isPending}
        onDiscard={() => setDraft(draftOf(saved.detectors))}
        onReview={review}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {detectors.map((info) => {
          const values = draft[info.name];
          const defaults: DetectorThresholds = saved.defaults[info.name] ?? {};
          const enabled = values.enabled === true;
          return (
            <Card key={info.name}>
              <CardHeader className="flex-row items-start justify-between gap-3">
                <div className="grid gap-1.5">
                  <CardTitle as="h3">{info.label}</CardTitle>
                  <CardDescription>{info.description}</CardDescription>
                </div>
                <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={enabled}
                    onChange={(event) => setField(info.name, "enabled", event.target.checked)}
                    disabled={isPending}
                    className="size-4 accent-[var(--primary)]"
                  />
                  Enabled
                </label>
              </CardHeader>
              <CardContent className="grid gap-4">
                {errors[info.name] ? <p className="text-xs font-medium text-danger">{errors[info.name]}</p> : null}
                <div className="grid gap-4 sm:grid-cols-2">
                  {info.fields.map((field) => (
                    <Field key={field.key} label={field.label} hint={`${field.hint} Default ${String(defaults[field.key] ?? "—")}.`} error={errors[`${info.name}.${field.key}`]}>
                      <Input
                        type="number"
                        inputMode={field.integer ? "numeric" : "decimal"}
                        min={field.min}
                        max={field.max}
                        step={field.step ?? 1}
                        value={String(values[field.key] ?? "")}
                        onChange={(event) => setField(info.name, field.key, event.target.value)}
                        disabled={isPending || !enabled}
                      />
                    </Field>
                  ))}
                </div>
                <div>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDraft({ ...draft, [info.name]: draftOf(saved.defaults)[info.name] })}
                    disabled={isPending}
                    aria-label={`Use defaults for ${info.label}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Use defaults
                  </Button>
                </div>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <SaveChangesDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!isPending) setConfirming(open);
        }}
        title={`Save the detection thresholds of ${environmentLabels[environment]}?`}
        description="The detection engine uses them from its next run. These changes will be made:"
        changes={changes}
        onConfirm={() => execute({ environment, version: saved.version, detectors: thresholds })}
        isPending={isPending}
        error={result.serverError}
        onRedo={(version) => execute({ environment, version, detectors: thresholds })}
        onDiscard={() => {
          setConfirming(false);
          reset();
          // The page keys this editor by version: it starts again from the thresholds now in force.
          router.refresh();
        }}
      />
    </section>
  );
}
