"use client";

import { RotateCcw } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { updateDetectionPolicyAction } from "@/lib/actions/update-detection-policy";
import {
  detectionChanges,
  detectors,
  parseNumberInput,
  type DetectionDraft,
  type DetectionThresholds,
  type DetectorName,
  type DetectorThresholds,
} from "@/lib/schemas/detection-fields";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { DetectionPolicy } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldForParam } from "@/lib/schemas/field-errors";
import { Form, FormFieldItem } from "@/components/ui/form";
import { DraftHeader } from "./draft-header";
import { SaveChangesDialog } from "./save-changes-dialog";

type Draft = DetectionDraft;

function draftOf(thresholds: DetectionThresholds): Draft {
  return Object.fromEntries(
    detectors.map((info) => [
      info.name,
      Object.fromEntries(
        Object.entries(thresholds[info.name] ?? {}).map(([key, value]) => [key, typeof value === "boolean" ? value : String(value)]),
      ),
    ]),
  ) as Draft;
}

function thresholdsOf(draft: Draft): DetectionThresholds {
  return Object.fromEntries(
    detectors.map((info) => [
      info.name,
      Object.fromEntries(
        Object.entries(draft[info.name]).map(([key, value]) => [key, typeof value === "boolean" ? value : parseNumberInput(value)]),
      ),
    ]),
  ) as DetectionThresholds;
}

const KNOWN_FIELDS = detectors.flatMap((info) => [
  info.name,
  `${info.name}.enabled`,
  ...info.fields.map((field) => `${info.name}.${field.key}`),
]);

type DetectionEditorProps = { policy: DetectionPolicy; environment: ConsoleEnvironment; currentAnalystId: string };

/** The detection engine's thresholds per detector, edited as a draft and saved after a review (PUT). */
export function DetectionEditor({ policy: initial, environment, currentAnalystId }: DetectionEditorProps) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const form = useForm<Draft, unknown, DetectionThresholds>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/detection-policy").then((m) => m.DetectionFormSchema)),
    defaultValues: draftOf(initial.detectors),
  });
  const draft = form.watch();
  const [confirming, setConfirming] = useState(false);
  const { execute, result, isPending, reset } = useAction(updateDetectionPolicyAction, {
    onError: ({ error }) => {
      // The API's refusal of a threshold goes next to it (`card_testing.window_minutes`).
      const field = fieldForParam(error.serverError?.param, KNOWN_FIELDS);
      if (field && error.serverError) form.setError(field as Path<Draft>, { type: "server", message: error.serverError.message });
    },
    onSuccess: ({ data }) => {
      setSaved(data);
      form.reset(draftOf(data.detectors));
      setConfirming(false);
      toast.success(`Detection thresholds of ${environmentLabels[environment]} saved (version ${data.version})`);
    },
  });

  const thresholds = thresholdsOf(draft);
  const changes = detectionChanges(saved.detectors, thresholds);
  const setField = (name: DetectorName, key: string, value: string | boolean) =>
    form.setValue(`${name}.${key}`, value, { shouldDirty: true });

  const review = form.handleSubmit(() => {
    reset();
    setConfirming(true);
  });
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
        onDiscard={() => form.reset(draftOf(saved.detectors))}
        onReview={review}
      />
      <Form {...form}>
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
                  {form.formState.errors[info.name]?.message ? (
                    <p className="text-xs font-medium text-danger">{String(form.formState.errors[info.name]?.message)}</p>
                  ) : null}
                  <div className="grid gap-4 sm:grid-cols-2">
                    {info.fields.map((field) => (
                      <FormFieldItem
                        key={field.key}
                        control={form.control}
                        name={`${info.name}.${field.key}`}
                        label={field.label}
                        description={`${field.hint} Default ${String(defaults[field.key] ?? "—")}.`}
                      >
                        {(control) => (
                          <Input
                            type="number"
                            inputMode={field.integer ? "numeric" : "decimal"}
                            min={field.min}
                            max={field.max}
                            step={field.step ?? 1}
                            name={control.name}
                            ref={control.ref}
                            value={String(control.value ?? "")}
                            onChange={control.onChange}
                            onBlur={control.onBlur}
                            disabled={isPending || !enabled}
                          />
                        )}
                      </FormFieldItem>
                    ))}
                  </div>
                  <div>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => form.setValue(info.name, draftOf(saved.defaults)[info.name], { shouldDirty: true })}
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
      </Form>
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
