"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { scoreBatchAction } from "@/lib/actions/score-batch";
import { safeErrorOf, unwrapAction } from "@/lib/queries/action-result";
import type { BatchRowOutcome, ScoreRequest } from "@/lib/schemas/batch";
import { BATCH_CHUNK_SIZE } from "@/lib/schemas/batch-limits";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { SafeError } from "@/lib/schemas/safe-error";

export type BatchPhase = "idle" | "running" | "waiting" | "stopped" | "done";

type SendableRow = { row: number; body: ScoreRequest };

/**
 * Sends a batch's valid rows to the server action a chunk at a time, so progress shows and no
 * request runs long. Rows the rate limit deferred go back to the front of the queue after the
 * API's Retry-After. An action error (session ended, environment switched) stops the run; what
 * was scored stays, and running again sends only what is left under the same keys.
 */
export function useBatchRun(environment: ConsoleEnvironment) {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, BatchRowOutcome>>(() => new Map());
  const [phase, setPhase] = useState<BatchPhase>("idle");
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [runError, setRunError] = useState<SafeError | null>(null);
  // Each run has a number; stopping (or a new file) moves it on, so a stale loop still awaiting
  // the action can never write into the next run's results.
  const generation = useRef(0);
  const wakeRef = useRef<(() => void) | null>(null);
  // "Stop" lets the chunk in flight finish (its rows are being scored: their results must show).
  const stopRequested = useRef(false);
  const [stopping, setStopping] = useState(false);

  // Leaving the page stops sending (the rows already sent are scored; the rest are not).
  useEffect(
    () => () => {
      generation.current++;
      wakeRef.current?.();
    },
    [],
  );

  const run = useCallback(
    async (batchId: string, rows: readonly SendableRow[]) => {
      const me = ++generation.current;
      const stopped = () => generation.current !== me;
      stopRequested.current = false;
      setStopping(false);
      setRunError(null);
      setPhase("running");
      setOutcomes((current) => {
        const next = new Map(current);
        for (const { row } of rows) next.delete(row);
        return next;
      });
      let queue = [...rows];
      while (queue.length > 0) {
        if (stopped()) return;
        if (stopRequested.current) {
          setStopping(false);
          return setPhase("stopped");
        }
        const chunk = queue.slice(0, BATCH_CHUNK_SIZE);
        let result;
        try {
          result = unwrapAction(await scoreBatchAction({ environment, batchId, rows: chunk }));
        } catch (error) {
          if (stopped()) return;
          setRunError(safeErrorOf(error));
          return setPhase("stopped");
        }
        if (stopped()) return;
        setOutcomes((current) => {
          const next = new Map(current);
          for (const outcome of result.outcomes) if (outcome.status !== "deferred") next.set(outcome.row, outcome);
          return next;
        });
        const deferred = new Set(result.outcomes.filter((o) => o.status === "deferred").map((o) => o.row));
        queue = [...chunk.filter((r) => deferred.has(r.row)), ...queue.slice(chunk.length)];
        if (result.retryAfterSeconds !== null && queue.length > 0) {
          setWaitUntil(Date.now() + result.retryAfterSeconds * 1000);
          setPhase("waiting");
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, result.retryAfterSeconds! * 1000);
            wakeRef.current = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeRef.current = null;
          setWaitUntil(null);
          if (stopped()) return;
          setPhase("running");
        }
      }
      setPhase("done");
    },
    [environment],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
    setStopping(true);
    wakeRef.current?.();
  }, []);

  const reset = useCallback(() => {
    generation.current++;
    wakeRef.current?.();
    setStopping(false);
    setOutcomes(new Map());
    setPhase("idle");
    setRunError(null);
    setWaitUntil(null);
  }, []);

  return { outcomes, phase, waitUntil, runError, stopping, run, stop, reset };
}
