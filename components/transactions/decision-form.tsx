"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
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
  setServerError,
} from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { NativeSelect } from "@/components/ui/input";
import { LimitedText } from "@/components/ui/limited-text";
import { Spinner } from "@/components/ui/spinner";
import { submitDecisionAction } from "@/lib/actions/submit-decision";
import { nextPendingTransactionAction } from "@/lib/actions/next-pending-transaction";
import type { DecisionFormInput } from "@/lib/schemas/decision";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { decisionDescriptions, decisionLabels, decisionReasonHints, decisionReasonLabels } from "@/lib/format/decision";
import { decisionReasons, decisionValues } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";

// decision.ts (zod) loads on the first validation; its limit is the API's, from text-limits.
const DECISION_NOTES_MAX = TEXT_LIMITS.decisionNotes;
import { cn } from "@/lib/utils/cn";
import { Card } from "@/components/ui/card";

type DecisionFormProps = {
  transactionId: string;
  environment: ConsoleEnvironment;
  /** The decision in force, so the form can say when the new one is a correction. */
  currentDecision: string | null;
  /** Set when opened from the Needs review queue: "Record and go to next" moves to the next pending one. */
  queue?: { created_at: string } | null;
};

const FIELDS = ["decision", "reason", "notes"] as const;

/**
 * Records allow / challenge / block with a reason and notes (`POST /v1/decisions`). The analyst is added by the
 * server action from the session; there is no field for it.
 */
export function DecisionForm({ transactionId, environment, currentDecision, queue = null }: DecisionFormProps) {
  const router = useRouter();
  // After "Record and go to next", whether to move on once the decision is recorded.
  const goNext = useRef(false);
  const decisionField = useRef<HTMLInputElement | null>(null);
  const next = useAction(nextPendingTransactionAction, {
    onSuccess: ({ data }) => {
      if (data?.transaction_id) router.push(`/transactions/${encodeURIComponent(data.transaction_id)}?queue=review`);
      else {
        toast.success("Nothing else waits for review");
        router.push("/transactions?show=review");
      }
    },
  });
  // In the queue, the keyboard starts on the decision of each transaction it moves to.
  useEffect(() => {
    if (queue) decisionField.current?.focus();
  }, [queue, transactionId]);
  const form = useForm<DecisionFormInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/decision").then((m) => m.DecisionFormSchema)),
    defaultValues: { transaction_id: transactionId, notes: "" },
  });
  // One key per distinct submission: a retry of the same values after a timeout records one decision.
  const idempotencyKey = useRef<string | null>(null);

  const { execute, result, isPending, reset } = useAction(submitDecisionAction, {
    onSuccess: () => {
      toast.success("Decision recorded", { description: "The decision chain now shows it." });
      form.reset({ transaction_id: transactionId, notes: "" });
      idempotencyKey.current = null;
      if (goNext.current && queue) next.execute({ environment, transaction_id: transactionId, created_at: queue.created_at });
      else router.refresh();
    },
    onError: ({ error }) => {
      if (setServerError(form, error.serverError, FIELDS)) return;
      toast.error(error.serverError?.message ?? "The decision could not be recorded.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
      });
    },
  });

  // Any change is a new submission (a new key) and clears the API's last refusal.
  const changed = () => {
    idempotencyKey.current = null;
    if (result.serverError) reset();
  };

  const submit = form.handleSubmit(async (values) => {
    // Loaded already by the resolver; parsed again for the action's types (trimmed notes).
    const { DecisionFormSchema } = await import("@/lib/schemas/decision");
    const parsed = DecisionFormSchema.parse(values);
    idempotencyKey.current ??= crypto.randomUUID();
    execute({ ...parsed, environment, idempotencyKey: idempotencyKey.current });
  });

  const over = overLimit(form.watch("notes") ?? "", DECISION_NOTES_MAX);

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
      <Form {...form}>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <FormField
            control={form.control}
            name="decision"
            render={({ field }) => (
              <FormItem as="fieldset" className="gap-2">
                <legend className="mb-1 text-sm font-medium">Decision</legend>
                {decisionValues.map((value, index) => (
                  <label
                    key={value}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/40",
                      "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                    )}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={value}
                      ref={index === 0 ? decisionField : undefined}
                      checked={field.value === value}
                      onChange={() => {
                        field.onChange(value);
                        changed();
                      }}
                      onBlur={field.onBlur}
                      className="mt-0.5 size-4 shrink-0 accent-[var(--primary)] focus-visible:outline-none"
                    />
                    <span className="grid gap-0.5">
                      <span className="font-medium">{decisionLabels[value]}</span>
                      <span className="text-xs text-muted-foreground">{decisionDescriptions[value]}</span>
                    </span>
                  </label>
                ))}
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="reason"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Reason</FormLabel>
                <FormDescription>
                  {field.value
                    ? decisionReasonHints[field.value]
                    : "Why you decided this. Confirmed fraud and false positive teach the model."}
                </FormDescription>
                <FormControl>
                  <NativeSelect
                    {...field}
                    value={field.value ?? ""}
                    onChange={(e) => {
                      field.onChange(e.target.value);
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
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes (optional)</FormLabel>
                <FormDescription>What you checked and found. Kept with the decision.</FormDescription>
                <FormControl>
                  <LimitedText
                    multiline
                    max={DECISION_NOTES_MAX}
                    name={field.name}
                    value={field.value ?? ""}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      changed();
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormError error={formLevelError(result.serverError, FIELDS)} />
          <div>
            <Button type="submit" disabled={isPending || next.isPending || over} onClick={() => (goNext.current = false)}>
              {isPending && !goNext.current ? <Spinner /> : null}
              Record decision
            </Button>
            {queue ? (
              <Button
                type="submit"
                variant="secondary"
                className="ml-2"
                disabled={isPending || next.isPending || over}
                onClick={() => (goNext.current = true)}
              >
                {(isPending && goNext.current) || next.isPending ? <Spinner /> : null}
                Record and go to next
              </Button>
            ) : null}
          </div>
        </form>
      </Form>
    </Card>
  );
}
