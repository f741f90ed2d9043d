"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormFieldItem } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { updateSlaPolicyAction } from "@/lib/actions/update-sla-policy";
import type { SlaPolicy } from "@/lib/api/wire";
import { formatDuration } from "@/lib/format/sla";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldForParam } from "@/lib/schemas/field-errors";
import { slaChanges, slaDraftOf, slaKinds, slaSecondsOf, slaSeverities, type SlaDraft } from "@/lib/schemas/sla-fields";
import type { SlaValues } from "@/lib/schemas/sla-policy";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { DraftHeader } from "./draft-header";
import { SaveChangesDialog } from "./save-changes-dialog";

const KNOWN_FIELDS = slaKinds.flatMap((kind) => slaSeverities.map((s) => `${kind}.${s}`));
const kindTitle = { case_due_seconds: "Cases", alert_due_seconds: "Alerts" } as const;

/** The SLA policy (GET/PUT /api/v1/policies/sla): a due time per severity, edited as a draft, saved after a review. */
export function SlaEditor({
  policy: initial,
  environment,
  currentAnalystId,
}: {
  policy: SlaPolicy;
  environment: ConsoleEnvironment;
  currentAnalystId: string;
}) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const form = useForm<SlaDraft, unknown, SlaValues>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/sla-policy").then((m) => m.SlaFormSchema)),
    defaultValues: slaDraftOf(initial),
  });
  const draft = form.watch();
  const [confirming, setConfirming] = useState(false);
  const [toSave, setToSave] = useState<SlaValues | null>(null);
  const { execute, result, isPending, reset } = useAction(updateSlaPolicyAction, {
    onError: ({ error }) => {
      const field = fieldForParam(error.serverError?.param, KNOWN_FIELDS);
      if (field && error.serverError) form.setError(field as Path<SlaDraft>, { type: "server", message: error.serverError.message });
    },
    onSuccess: ({ data }) => {
      setSaved(data);
      form.reset(slaDraftOf(data));
      setConfirming(false);
      toast.success(`SLA policy of ${environmentLabels[environment]} saved (version ${data.version})`);
    },
  });
  const changes = slaChanges(saved, slaSecondsOf(draft));
  const review = form.handleSubmit((values) => {
    reset();
    setToSave(values);
    setConfirming(true);
  });
  const send = (version: number) => toSave && execute({ environment, version, ...toSave });
  return (
    <section aria-labelledby="sla-heading" className="grid gap-4">
      <DraftHeader
        headingId="sla-heading"
        title="Service levels (SLA)"
        description="How long after opening a case or an alert is due, per severity, in minutes (wall-clock time)."
        saved={saved}
        currentAnalystId={currentAnalystId}
        changeCount={changes.length}
        pending={isPending}
        onDiscard={() => form.reset(slaDraftOf(saved))}
        onReview={review}
      />
      <Form {...form}>
        <div className="grid gap-4 lg:grid-cols-2">
          {slaKinds.map((kind) => (
            <Card key={kind}>
              <CardHeader>
                <CardTitle as="h3">{kindTitle[kind]}</CardTitle>
                <CardDescription>
                  New {kindTitle[kind].toLowerCase()} (and severity changes) use the new times; others keep theirs.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                {slaSeverities.map((s) => (
                  <FormFieldItem
                    key={s}
                    control={form.control}
                    name={`${kind}.${s}`}
                    label={`${s[0]!.toUpperCase()}${s.slice(1)} (minutes)`}
                    description={`Now ${formatDuration(saved[kind][s])}.`}
                  >
                    {(field) => (
                      <Input
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step="any"
                        name={field.name}
                        ref={field.ref}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        disabled={isPending}
                      />
                    )}
                  </FormFieldItem>
                ))}
              </CardContent>
            </Card>
          ))}
        </div>
      </Form>
      <SaveChangesDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!isPending) setConfirming(open);
        }}
        title={`Save the SLA policy of ${environmentLabels[environment]}?`}
        description="New cases and alerts get these due times from now on. These changes will be made:"
        changes={changes}
        onConfirm={() => send(saved.version)}
        isPending={isPending}
        error={result.serverError}
        onRedo={(version) => send(version)}
        onDiscard={() => {
          setConfirming(false);
          reset();
          router.refresh();
        }}
      />
    </section>
  );
}
