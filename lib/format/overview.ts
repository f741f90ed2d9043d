import type { ScoresDay } from "../api/wire";

// The overview's numbers shaped for its charts (GET /api/v1/overview and /overview/workload).

/** "2026-11-21" → "21 Nov" (UTC: the API's days are UTC days). */
export function shortDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return d.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** Totals of the charted window, for the chart's summary line and its empty state. */
export function scoreTotals(days: ScoresDay[]): { allow: number; challenge: number; block: number; total: number } {
  const t = days.reduce((acc, d) => ({ allow: acc.allow + d.allow, challenge: acc.challenge + d.challenge, block: acc.block + d.block }), {
    allow: 0,
    challenge: 0,
    block: 0,
  });
  return { ...t, total: t.allow + t.challenge + t.block };
}
