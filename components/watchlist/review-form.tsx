"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { LimitedText } from "@/components/ui/limited-text";
import { Spinner } from "@/components/ui/spinner";
import { reviewScreeningAction } from "@/lib/actions/review-screening";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { REVIEW_NOTES_MAX, reviewOutcomes, type ReviewOutcome } from "@/lib/schemas/screening";
import { reviewOutcomeHints, reviewOutcomeLabels } from "@/lib/format/screening";
import { overLimit } from "@/lib/schemas/text-limits";
import { cn } from "@/lib/utils/cn";
import { Card } from "@/components/ui/card";

type ReviewFormProps = {
  screeningId: string;
  environment: ConsoleEnvironment;
};

/**
 * The reviewer's decision: one of three outcomes and optional notes (≤ 1,000 characters, with a
 * counter). The action maps the outcome to decision + reason and adds the signed-in analyst.
 */
export function ReviewForm({ screeningId, environment }: ReviewFormProps) {
  const router = useRouter();
  const id = useId();
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [notes, setNotes] = useState("");
  // A new key whenever the request would differ: the same key with another body is a 409.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const renew = () => setIdempotencyKey(crypto.randomUUID());
  const { execute, result, isPending } = useAction(reviewScreeningAction, {
    onSuccess: ({ data }) => {
      toast.success(outcome ? `Recorded: ${reviewOutcomeLabels[outcome].toLowerCase()}` : "Decision recorded", { description: data ? `Decision ${data.decision_id}` : undefined });
      // The form stays for a screening that still needs a final outcome: start it afresh.
      setOutcome(null);
      setNotes("");
      renew();
      router.refresh();
    },
    onError: ({ error }) =>
      toast.error(error.serverError?.message ?? "The decision could not be recorded.", { description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined }),
  });
  const tooLong = overLimit(notes, REVIEW_NOTES_MAX);
  const fieldErrors = result.validationErrors?.fieldErrors;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!outcome || tooLong) return;
    const trimmed = notes.trim();
    execute({ screening_id: screeningId, outcome, notes: trimmed === "" ? undefined : trimmed, environment, idempotencyKey });
  }

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Your decision
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Recorded as an immutable decision under your name.</p>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Outcome</legend>
          {reviewOutcomes.map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer gap-3 rounded-lg border border-border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                outcome === value && "border-primary bg-accent/40",
              )}
            >
              <input
                type="radio"
                name={`${id}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => {
                  setOutcome(value);
                  renew();
                }}
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
          {fieldErrors?.outcome?.[0] ? <p className="text-xs font-medium text-danger">{fieldErrors.outcome[0]}</p> : null}
        </fieldset>
        <Field label="Notes" hint="What you compared and why you decided so. Optional." error={fieldErrors?.notes}>
          <LimitedText
            multiline
            max={REVIEW_NOTES_MAX}
            value={notes}
            onChange={(event) => {
              setNotes(event.target.value);
              renew();
            }}
            rows={5}
          />
        </Field>
        <FormError error={result.serverError} />
        <div>
          <Button type="submit" disabled={isPending || !outcome || tooLong}>
            {isPending ? <Spinner /> : null}
            {outcome ? `Record ${reviewOutcomeLabels[outcome].toLowerCase()}` : "Choose an outcome"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
