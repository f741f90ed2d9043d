"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
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
import { Spinner } from "@/components/ui/spinner";
import { reviewScreeningAction } from "@/lib/actions/review-screening";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { ReviewScreeningInput } from "@/lib/schemas/screening";
import { REVIEW_NOTES_MAX, reviewOutcomes } from "@/lib/schemas/screening-outcomes";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { reviewOutcomeHints, reviewOutcomeLabels } from "@/lib/format/screening";
import { overLimit } from "@/lib/schemas/text-limits";
import { cn } from "@/lib/utils/cn";
import { Card } from "@/components/ui/card";
import { groupLabel } from "./screening-group";
import { HeldNotice } from "@/components/ui/held-notice";

type ReviewFormProps = {
  screeningId: string;
  environment: ConsoleEnvironment;
  /** The screening and its open twins: one decision applies to all. */
  groupSize: number;
  /** Reached by "go to the next": the keyboard starts on the outcome, as it left the last one. */
  autoFocus?: boolean;
  /** The pending approval a review of this screening waits on (four-eyes), if any. */
  heldId?: string | null;
};

const FIELDS = ["outcome", "notes"] as const;

/**
 * The reviewer's decision: one of three outcomes and optional notes (≤ 1,000 characters, with a
 * counter). The action maps the outcome to decision + reason and adds the signed-in analyst; the
 * API applies it to the screening's twins. Then the oldest group still pending opens (the queue
 * when none is left), with the keyboard on its outcome.
 */
export function ReviewForm({ screeningId, environment, groupSize, autoFocus = false, heldId = null }: ReviewFormProps) {
  const router = useRouter();
  const id = useId();
  const firstOutcome = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) firstOutcome.current?.focus();
  }, [autoFocus, screeningId]);
  const form = useForm<ReviewScreeningInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/screening").then((m) => m.ReviewScreeningInputSchema)),
    defaultValues: { screening_id: screeningId, notes: "" },
  });
  const outcome = form.watch("outcome");
  const notes = form.watch("notes") ?? "";
  // A new key whenever the request would differ: the same key with another body is a 409.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const renew = () => setIdempotencyKey(crypto.randomUUID());
  const { execute, result, isPending } = useAction(reviewScreeningAction, {
    onSuccess: ({ data }) => {
      const label = outcome ? reviewOutcomeLabels[outcome].toLowerCase() : "decision";
      // Held for a second person (four-eyes): the screening keeps its state until a lead approves.
      if (data?.held)
        toast.success(`Sent for approval: ${label}`, {
          description: `The screening stays as it is until a lead or admin approves (approval ${data.id}).`,
        });
      else
        toast.success(`Recorded: ${label}${data && data.decided > 1 ? ` for ${groupLabel(data.decided)}` : ""}`, {
          description: data ? `Decision ${data.id}` : undefined,
        });
      form.reset({ screening_id: screeningId, notes: "" });
      renew();
      router.push(
        data?.next_screening_id ? `/watchlist/${encodeURIComponent(data.next_screening_id)}?queue=next` : "/watchlist?queue=done",
      );
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      if (setServerError(form, error.serverError, FIELDS)) return;
      toast.error(error.serverError?.message ?? "The decision could not be recorded.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
      });
    },
  });
  const tooLong = overLimit(notes, REVIEW_NOTES_MAX);

  const submit = form.handleSubmit((values) => {
    const trimmed = values.notes?.trim();
    execute({ screening_id: screeningId, outcome: values.outcome, notes: trimmed ? trimmed : undefined, environment, idempotencyKey });
  });

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Your decision
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Recorded as an immutable decision under your name
        {groupSize > 1 ? `, for ${groupSize === 2 ? "both screenings" : `all ${groupLabel(groupSize)}`} of this subject` : ""}. Then the
        next screening awaiting review opens.
      </p>
      {heldId ? <HeldNotice className="mt-4" approvalId={heldId} what="this review" /> : null}
      <Form {...form}>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <FormField
            control={form.control}
            name="outcome"
            render={({ field }) => (
              <FormItem as="fieldset" className="gap-2">
                <legend className="mb-1 text-sm font-medium">Outcome</legend>
                {reviewOutcomes.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      "flex cursor-pointer gap-3 rounded-lg border border-border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                      field.value === value && "border-primary bg-accent/40",
                    )}
                  >
                    <input
                      ref={value === reviewOutcomes[0] ? firstOutcome : undefined}
                      type="radio"
                      name={`${id}-outcome`}
                      value={value}
                      checked={field.value === value}
                      onChange={() => {
                        field.onChange(value);
                        renew();
                      }}
                      onBlur={field.onBlur}
                      className="mt-0.5 size-4 accent-primary"
                      aria-describedby={`${id}-${value}-hint`}
                    />
                    <span className="grid gap-0.5">
                      <span className="font-medium">{reviewOutcomeLabels[value]}</span>
                      <span id={`${id}-${value}-hint`} className="text-xs leading-relaxed text-muted-foreground">
                        {reviewOutcomeHints[value]}
                      </span>
                    </span>
                  </label>
                ))}
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes</FormLabel>
                <FormDescription>What you compared and why you decided so. Optional.</FormDescription>
                <FormControl>
                  <LimitedText
                    multiline
                    max={REVIEW_NOTES_MAX}
                    name={field.name}
                    value={field.value ?? ""}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      renew();
                    }}
                    rows={5}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormError error={formLevelError(result.serverError, FIELDS)} />
          <div>
            <Button type="submit" disabled={isPending || !outcome || tooLong}>
              {isPending ? <Spinner /> : null}
              {outcome
                ? `Record ${reviewOutcomeLabels[outcome].toLowerCase()}${groupSize > 1 ? ` for ${groupSize}` : ""}`
                : "Choose an outcome"}
            </Button>
          </div>
        </form>
      </Form>
    </Card>
  );
}
