// Ages, due times and SLA states as the console words them (server/domain/sla/README.md).

export type SlaState = "on_track" | "due_soon" | "breached" | "met";

export const slaStates = ["on_track", "due_soon", "breached", "met"] as const satisfies readonly SlaState[];

export const slaStateLabels: Record<SlaState, string> = {
  on_track: "On track",
  due_soon: "Due soon",
  breached: "Overdue",
  met: "Met",
};

/** "45 s", "12 min", "3 h 20 min", "2 d 4 h": the two largest units, rounded down. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Math.abs(seconds)));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** "due in 3 h", "overdue by 20 min" for an unfinished item (a finished one's clock has stopped). */
export function dueText(dueAt: string, state: SlaState, now: number): string {
  if (state === "met") return "met";
  const left = (Date.parse(dueAt) - now) / 1000;
  return left > 0 ? `due in ${formatDuration(left)}` : `overdue by ${formatDuration(-left)}`;
}

/**
 * What an SLA badge says: the state's word and, while the item is unfinished, its running time. A
 * finished item's clock has stopped: "Met", or "Breached" when it was late, and no time.
 */
export function slaDisplay(dueAt: string, state: SlaState, finished: boolean, now: number | null): { label: string; time: string | null } {
  if (finished || state === "met") return { label: state === "breached" ? "Breached" : slaStateLabels[state], time: null };
  return { label: slaStateLabels[state], time: now ? dueText(dueAt, state, now) : "…" };
}

export function ageText(createdAt: string, now: number): string {
  return formatDuration((now - Date.parse(createdAt)) / 1000);
}

/** A date and time in the analyst's own time zone (the browser's), with the zone's short name. */
export function formatLocalDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", {
    month: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}
