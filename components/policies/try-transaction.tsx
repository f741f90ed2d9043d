"use client";

import Link from "next/link";
import { useAction } from "next-safe-action/hooks";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormFieldItem, setServerError } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { UserText } from "@/components/ui/user-text";
import { tryTransactionAction } from "@/lib/actions/try-transaction";
import { decisionLabel } from "@/lib/format/decision";
import { decideWithDraft, type DraftPolicy } from "@/lib/policy/draft-decision";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";

type TryTransactionProps = {
  draft: DraftPolicy | null;
  /** A transaction id handed over by the transaction page (`?try=`): tried at once. */
  initialId?: string;
};

/**
 * One stored transaction analysed again in labelled mode (Surface B: same model, no trace in
 * history, velocity or alerts), and its fresh score decided by the draft as it stands.
 */
export function TryTransaction({ draft, initialId }: TryTransactionProps) {
  const form = useForm<{ id: string }>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/policy").then((m) => m.TryTransactionFormSchema)),
    defaultValues: { id: initialId ?? "" },
  });
  const { execute, result, isPending, reset } = useAction(tryTransactionAction, {
    onError: ({ error }) => {
      if (error.serverError?.status === 404)
        form.setError("id", { type: "server", message: error.serverError.message }, { shouldFocus: true });
      else setServerError(form, error.serverError, ["id"]);
    },
  });
  const triedInitial = useRef(false);
  useEffect(() => {
    if (initialId && !triedInitial.current) {
      triedInitial.current = true;
      execute({ id: initialId });
    }
  }, [initialId, execute]);

  const tried = result.data;
  const verdict =
    tried && draft
      ? decideWithDraft(
          {
            score: tried.analysis.risk_score,
            signals: tried.analysis.signals,
            amount: tried.transaction.amount,
            currency: tried.transaction.currency,
            paymentMethodType: tried.transaction.payment_method_type,
            merchantId: tried.transaction.merchant_id,
            merchantCategory: tried.transaction.merchant_category,
          },
          draft,
        )
      : null;
  const serverError = result.serverError && result.serverError.status !== 404 ? result.serverError : null;

  return (
    <Card as="section" aria-labelledby="try-heading" id="try-transaction">
      <CardHeader>
        <CardTitle as="h3" id="try-heading">
          Try a transaction against the draft
        </CardTitle>
        <CardDescription>
          The transaction is analysed again in labelled mode (the same model, but not live traffic: nothing is recorded for its user), and
          the draft decides the fresh score.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form {...form}>
          <form
            noValidate
            className="flex flex-wrap items-start gap-3"
            onSubmit={form.handleSubmit((values) => {
              reset();
              execute(values);
            })}
          >
            <FormFieldItem control={form.control} name="id" label="Transaction id" className="min-w-64 flex-1">
              {(field) => <Input {...field} className="font-mono" autoComplete="off" spellCheck={false} disabled={isPending} />}
            </FormFieldItem>
            <Button type="submit" variant="secondary" className="mt-6" disabled={isPending}>
              {isPending ? "Analysing…" : "Try it"}
            </Button>
          </form>
        </Form>
        <FormError error={serverError} />
        {tried ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" aria-label="Tried against the draft" data-testid="try-result">
            <dt className="text-muted-foreground">Transaction</dt>
            <dd>
              <Link
                href={`/transactions/${encodeURIComponent(tried.transaction.id)}`}
                className="font-mono text-xs underline underline-offset-4"
              >
                {tried.transaction.id}
              </Link>
            </dd>
            <dt className="text-muted-foreground">At the time</dt>
            <dd>
              {decisionLabel(tried.transaction.decision)} (score {tried.transaction.risk_score})
            </dd>
            <dt className="text-muted-foreground">Labelled analysis now</dt>
            <dd>
              score {tried.analysis.risk_score}
              {tried.analysis.signals.length > 0 ? `, signals ${tried.analysis.signals.join(", ")}` : ", no signal"}
            </dd>
            <dt className="text-muted-foreground">The draft decides</dt>
            <dd className="font-semibold">
              {verdict ? (
                <>
                  {decisionLabel(verdict.decision)} (
                  {verdict.rule ? (
                    <>
                      rule <UserText value={verdict.rule.name} />
                    </>
                  ) : (
                    "score bands"
                  )}
                  )
                </>
              ) : (
                "Correct the score bands to decide with the draft."
              )}
            </dd>
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
