"use client";

import { useQuery } from "@tanstack/react-query";
import { useAction } from "next-safe-action/hooks";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { PeriodFields, periodFieldOf } from "@/components/ui/period-fields";
import { getBacktestAction } from "@/lib/actions/get-backtest";
import { startBacktestAction } from "@/lib/actions/start-backtest";
import type { Backtest } from "@/lib/api/wire";
import type { DraftPolicy } from "@/lib/policy/draft-decision";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import { lastDays, periodBounds, type PeriodForm } from "@/lib/schemas/period-days";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { SafeError } from "@/lib/schemas/safe-error";
import { BacktestProgress } from "./backtest-progress";
import { BacktestResultView } from "./backtest-result";

type BacktestPanelProps = {
  /** The editor's draft as it stands (saved or not); null while a threshold is not a valid number. */
  draft: DraftPolicy | null;
  environment: ConsoleEnvironment;
};

const POLL_MS = 1_000;

/**
 * Replays the draft over a period of stored live scores (a job on the API): the form starts it,
 * a progress bar follows it by polling, and the result compares the draft with what happened.
 */
export function BacktestPanel({ draft, environment }: BacktestPanelProps) {
  const form = useForm<PeriodForm>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/period").then((m) => m.PeriodFormSchema)),
    defaultValues: lastDays(30),
  });
  const [started, setStarted] = useState<Backtest | null>(null);
  const start = useAction(startBacktestAction, {
    onSuccess: ({ data }) => setStarted(data),
    onError: ({ error }) => {
      const field = periodFieldOf(error.serverError);
      if (field && error.serverError) form.setError(field, { type: "server", message: error.serverError.message }, { shouldFocus: true });
    },
  });

  const poll = useQuery({
    queryKey: ["backtest", environment, started?.id],
    enabled: started !== null,
    queryFn: async () => {
      const answer = await getBacktestAction({ id: started!.id });
      if (!answer?.data) throw answer?.serverError ?? { message: "The backtest could not be read." };
      return answer.data;
    },
    initialData: started ?? undefined,
    // The POST's answer is the first state: the next read comes one interval later.
    staleTime: POLL_MS,
    // Until the job has finished; a finished backtest never changes again.
    refetchInterval: (query) => (query.state.data && isDone(query.state.data) ? false : POLL_MS),
  });
  const backtest = poll.data ?? started;
  const running = start.isPending || (backtest !== null && !isDone(backtest));

  const run = form.handleSubmit((period) => {
    if (!draft) return;
    start.reset();
    setStarted(null);
    start.execute({ environment, draft, ...periodBounds(period) });
  });

  const formError = periodFieldOf(start.result.serverError) ? null : start.result.serverError;
  return (
    <Card as="section" aria-labelledby="backtest-heading" id="backtest">
      <CardHeader>
        <CardTitle as="h3" id="backtest-heading">
          Backtest the draft
        </CardTitle>
        <CardDescription>
          Replay the score bands and rules above, as they stand now (saved or not), over the live scores of a period, and compare their
          decisions with the ones the engine made. Nothing is changed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Form {...form}>
          <form onSubmit={run} noValidate className="grid gap-4" aria-label="Backtest period">
            <PeriodFields disabled={running} />
            <FormError error={formError} />
            {draft ? null : <p className="text-sm text-danger">Correct the score bands above to backtest the draft.</p>}
            <div>
              <Button type="submit" disabled={running || !draft}>
                {running ? "Backtest running…" : "Run backtest"}
              </Button>
            </div>
          </form>
        </Form>
        {backtest ? <BacktestStatus backtest={backtest} pollError={poll.error as SafeError | null} /> : null}
      </CardContent>
    </Card>
  );
}

function isDone(backtest: Backtest): boolean {
  return backtest.status === "succeeded" || backtest.status === "failed";
}

function BacktestStatus({ backtest, pollError }: { backtest: Backtest; pollError: SafeError | null }) {
  if (backtest.status === "failed") {
    return <FormError error={{ message: `The backtest failed: ${backtest.error ?? "no reason was recorded"}.` }} />;
  }
  if (backtest.status === "succeeded" && backtest.result) return <BacktestResultView backtest={backtest} result={backtest.result} />;
  return (
    <div className="grid gap-2">
      <BacktestProgress backtest={backtest} />
      {pollError ? <FormError error={pollError} /> : null}
    </div>
  );
}
