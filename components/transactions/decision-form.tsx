"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { NativeSelect } from "@/components/ui/input";
import { LimitedText } from "@/components/ui/limited-text";
import { Spinner } from "@/components/ui/spinner";
import { submitDecisionAction } from "@/lib/actions/submit-decision";
import { DECISION_NOTES_MAX, DecisionFormSchema } from "@/lib/schemas/decision";
import { decisionDescriptions, decisionLabels, decisionReasonHints, decisionReasonLabels } from "@/lib/format/decision";
import { decisionReasons, decisionValues, type DecisionReason, type DecisionValue } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit } from "@/lib/schemas/text-limits";
import { cn } from "@/lib/utils/cn";
import { Card } from "@/components/ui/card";

type DecisionFormProps = {
  transactionId: string;
  environment: ConsoleEnvironment;
  /** The decision in force, so the form can say when the new one is a correction. */
  currentDecision: string | null;
};

type Errors = Partial<Record<"decision" | "reason" | "notes", string>>;

/**
 * Records allow / challenge / block with a reason and notes (`POST /v1/decisions`). The analyst is added by the
 * server action from the session; there is no field for it.
 */
export function DecisionForm({ transactionId, environment, currentDecision }: DecisionFormProps) {
  const router = useRouter();
  const [decision, setDecision] = useState<DecisionValue | "">("");
  const [reason, setReason] = useState<DecisionReason | "">("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  // One key per distinct submission: a retry of the same values after a timeout records one decision.
  const idempotencyKey = useRef<string | null>(null);
  const ids = useId();

  const { execute, result, isPending, reset } = useAction(submitDecisionAction, {
    onSuccess: () => {
      toast.success("Decision recorded", { description: "The decision chain now shows it." });
      setDecision("");
      setReason("");
      setNotes("");
      idempotencyKey.current = null;
      router.refresh();
    },
    onError: ({ error }) => {
      toast.error(error.serverError?.message ?? "The decision could not be recorded.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
      });
    },
  });

  const changed = () => {
    idempotencyKey.current = null;
    if (result.serverError) reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = DecisionFormSchema.safeParse({ transaction_id: transactionId, decision: decision || undefined, reason: reason || undefined, notes });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "decision" || field === "reason" || field === "notes") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    idempotencyKey.current ??= crypto.randomUUID();
    execute({ ...parsed.data, environment, idempotencyKey: idempotencyKey.current });
  }

  const over = overLimit(notes, DECISION_NOTES_MAX);
  const decisionErrorId = `${ids}-decision-error`;

  return (
    <Card as="section" aria-labelledby="txn-decide" className="p-5">
      <h2 id="txn-decide" className="text-base font-semibold">
        Record a decision
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {currentDecision
          ? "Decisions are permanent. A new one corrects the one in force; both stay in the chain."
          : "Decisions are permanent and recorded under your name."}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <fieldset className="grid gap-2" aria-describedby={errors.decision ? decisionErrorId : undefined}>
          <legend className="mb-1 text-sm font-medium">Decision</legend>
          {decisionValues.map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/40",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              )}
            >
              <input
                type="radio"
                name={`${ids}-decision`}
                value={value}
                checked={decision === value}
                onChange={() => {
                  setDecision(value);
                  setErrors((e) => ({ ...e, decision: undefined }));
                  changed();
                }}
                className="mt-0.5 size-4 shrink-0 accent-[var(--primary)] focus-visible:outline-none"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{decisionLabels[value]}</span>
                <span className="text-xs text-muted-foreground">{decisionDescriptions[value]}</span>
              </span>
            </label>
          ))}
          {errors.decision ? (
            <p id={decisionErrorId} className="text-xs font-medium text-danger">
              {errors.decision}
            </p>
          ) : null}
        </fieldset>

        <Field label="Reason" hint={reason ? decisionReasonHints[reason] : "Why you decided this. Confirmed fraud and false positive teach the model."} error={errors.reason}>
          <NativeSelect
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as DecisionReason | "");
              setErrors((prev) => ({ ...prev, reason: undefined }));
              changed();
            }}
          >
            <option value="">Choose a reason…</option>
            {decisionReasons.map((value) => (
              <option key={value} value={value}>
                {decisionReasonLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>

        <Field label="Notes (optional)" hint="What you checked and found. Kept with the decision." error={errors.notes}>
          <LimitedText
            multiline
            max={DECISION_NOTES_MAX}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              setErrors((prev) => ({ ...prev, notes: undefined }));
              changed();
            }}
          />
        </Field>

        <FormError error={result.serverError} />
        <div>
          <Button type="submit" disabled={isPending || over}>
            {isPending ? <Spinner /> : null}
            Record decision
          </Button>
        </div>
      </form>
    </Card>
  );
}
