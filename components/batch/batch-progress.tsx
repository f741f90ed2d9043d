"use client";

import { useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { BatchPhase } from "./use-batch-run";

type BatchProgressProps = {
  done: number;
  total: number;
  phase: BatchPhase;
  waitUntil: number | null;
  stopping: boolean;
};

/** How far the batch is, as a bar and in words (announced politely as chunks complete). */
export function BatchProgress({ done, total, phase, waitUntil, stopping }: BatchProgressProps) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label="Rows scored"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} rows`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {phase === "running" || phase === "waiting" ? <Spinner /> : null}
        <span>
          {done} of {total} rows answered ({percent}%).
          {stopping ? " Stopping after the rows being scored now." : null}
          {phase === "waiting" && waitUntil ? (
            <>
              {" "}
              The API&apos;s rate limit was reached: continuing in <Countdown until={waitUntil} />.
            </>
          ) : null}
        </span>
      </p>
    </div>
  );
}

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  // Not announced each second (aria-live off inside the polite region): once is enough.
  return (
    <span className="tabular-nums" aria-live="off">
      {seconds} second{seconds === 1 ? "" : "s"}
    </span>
  );
}
