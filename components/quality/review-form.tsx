"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  formLevelError,
  setFieldErrors,
  setServerError,
} from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { LimitedText } from "@/components/ui/limited-text";
import { ResolutionPicker } from "@/components/ui/resolution-picker";
import { Spinner } from "@/components/ui/spinner";
import { submitQualityReviewAction } from "@/lib/actions/submit-quality-review";
import { resolutionLabels } from "@/lib/format/resolution";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { QualityReviewInput } from "@/lib/schemas/quality-review";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";

const FIELDS = ["resolution", "notes"] as const;

/** The second analyst's own outcome, given before they see the first one. */
export function QualityReviewForm({ reviewId, environment }: { reviewId: string; environment: ConsoleEnvironment }) {
  const router = useRouter();
  const form = useForm<QualityReviewInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/quality-review").then((m) => m.QualityReviewInputSchema)),
    defaultValues: { notes: "" },
  });
  const resolution = form.watch("resolution");
  const notes = form.watch("notes") ?? "";
  const { execute, result, isPending } = useAction(submitQualityReviewAction, {
    onSuccess: ({ data }) => {
      toast.success(data?.agreed ? "Recorded: you agree with the first resolution" : "Recorded: your outcome differs from the first");
      // The page reads the review again: completed, it shows both resolutions.
      router.refresh();
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      if (setServerError(form, error.serverError, FIELDS)) return;
      toast.error(error.serverError?.message ?? "The review could not be recorded.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
      });
      router.refresh();
    },
  });
  const submit = form.handleSubmit((values) =>
    execute({ review_id: reviewId, environment, resolution: values.resolution, notes: values.notes?.trim() || undefined }),
  );
  return (
    <Card as="section" aria-labelledby="review-form-title" className="p-5">
      <h2 id="review-form-title" className="text-base font-semibold">
        Your resolution
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Decide as if the case were yours. The first analyst&apos;s outcome is shown once you submit.
      </p>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <FormField
            control={form.control}
            name="resolution"
            render={({ field, fieldState }) => (
              <ResolutionPicker value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message ?? null} />
            )}
          />
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes</FormLabel>
                <FormDescription>What you based your outcome on. Optional.</FormDescription>
                <FormControl>
                  <LimitedText
                    multiline
                    max={TEXT_LIMITS.qualityReviewNotes}
                    name={field.name}
                    value={field.value ?? ""}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value)}
                    rows={4}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormError error={formLevelError(result.serverError, FIELDS)} />
          <div>
            <Button type="submit" disabled={isPending || overLimit(notes, TEXT_LIMITS.qualityReviewNotes)}>
              {isPending ? <Spinner /> : null}
              {resolution ? `Submit ${resolutionLabels[resolution].toLowerCase()}` : "Submit"}
            </Button>
          </div>
        </form>
      </Form>
    </Card>
  );
}
