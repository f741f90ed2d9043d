// The period form's values and helpers without zod: the audit-log download and the backtest show
// them at first paint; PeriodFormSchema (period.ts) loads on the first validation.

/** Two UTC days, `YYYY-MM-DD` (period.ts checks them). */
export type PeriodForm = { start: string; end: string };

/** From the first second of the start day to the last second of the end day, UTC. */
export function periodBounds(period: PeriodForm): { start_time: string; end_time: string } {
  return { start_time: `${period.start}T00:00:00Z`, end_time: `${period.end}T23:59:59Z` };
}

/** The `days` whole days up to and including today (UTC), as the form's first values. */
export function lastDays(days: number, now = new Date()): PeriodForm {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start, end };
}
