"use client";

import { Badge } from "@/components/ui/badge";
import { useNow, useTimeZone } from "@/lib/hooks/use-clock";
import { ageText, formatLocalDateTime, slaDisplay, type SlaState } from "@/lib/format/sla";

const tone = { on_track: "neutral", due_soon: "warning", breached: "danger", met: "success" } as const;

/**
 * The SLA state with "due in / overdue by", the due time in the analyst's zone on hover. A finished
 * item's clock has stopped: it shows "Met" or "Breached" and no running time.
 */
export function SlaBadge({
  dueAt,
  state,
  finished = false,
  stacked = false,
}: {
  dueAt: string;
  state: SlaState;
  finished?: boolean;
  stacked?: boolean;
}) {
  const now = useNow();
  const zone = useTimeZone();
  const { label, time } = slaDisplay(dueAt, state, finished, now);
  return (
    <span
      className={
        stacked ? "inline-flex flex-col items-start gap-0.5 whitespace-nowrap" : "inline-flex items-center gap-1.5 whitespace-nowrap"
      }
      title={`Due ${formatLocalDateTime(dueAt, zone)}`}
    >
      <Badge tone={tone[state]} data-sla-state={state}>
        {label}
      </Badge>
      {time === null ? null : <span className="text-xs text-muted-foreground tabular-nums">{time}</span>}
    </span>
  );
}

/** How long ago an item arrived ("3 h 20 min"), its creation time in the analyst's zone on hover. */
export function Age({ createdAt }: { createdAt: string }) {
  const now = useNow();
  const zone = useTimeZone();
  return (
    <time dateTime={createdAt} title={formatLocalDateTime(createdAt, zone)} className="whitespace-nowrap tabular-nums">
      {now ? ageText(createdAt, now) : "…"}
    </time>
  );
}

/** A date and time in the analyst's zone (the browser's). */
export function LocalDateTime({ value }: { value: string }) {
  const zone = useTimeZone();
  return (
    <time dateTime={value} title={`${value} (UTC)`} className="whitespace-nowrap tabular-nums">
      {formatLocalDateTime(value, zone)}
    </time>
  );
}
