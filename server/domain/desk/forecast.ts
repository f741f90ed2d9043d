// The breach forecast of one severity's queue (server/domain/desk/README.md, "Breach forecast"):
// a fluid model, "if nothing changes". Items are cleared at the recent clearance rate, soonest due
// first; new items arrive at the recent inflow rate, each due `dueSeconds` after it arrives.

export type ForecastInput = {
  now: Date;
  /** Due times of the unfinished items of this severity (past ones are already breached). */
  dueTimes: Date[];
  /** Items that arrived, and items finished, per hour over the recent window. */
  inflowPerHour: number;
  clearedPerHour: number;
  /** Analysts active over the window (who cleared the items), and available now. */
  activeAnalysts: number;
  dueSeconds: number;
};

export type Forecast = {
  backlog: number;
  overdue: number;
  per_analyst_per_hour: number | null;
  /** When the first item not yet due will breach if nothing changes; null: none within the model. */
  breach_at: Date | null;
  /** `backlog`: an item waiting now; `inflow`: arrivals outgrow clearance; null: on track. */
  breach_cause: "backlog" | "inflow" | null;
  /** Analysts (at the recent pace each) that keep every item in time; null without a pace to go by. */
  analysts_needed: number | null;
};

const HOUR_MS = 3_600_000;

export function forecastQueue(input: ForecastInput): Forecast {
  const now = input.now.getTime();
  const waiting = input.dueTimes
    .map((d) => (d.getTime() - now) / HOUR_MS)
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  const overdue = input.dueTimes.length - waiting.length;
  const mu = input.clearedPerHour;
  const lambda = input.inflowPerHour;
  const dueH = input.dueSeconds / 3_600;
  // The k-th waiting item (1-based, soonest due first) is cleared after k / mu hours: it breaches
  // when that is later than its due time. Overdue items are cleared first, ahead of it.
  let breachH: number | null = null;
  let cause: Forecast["breach_cause"] = null;
  for (let k = 0; k < waiting.length; k++) {
    const clearedAt = mu > 0 ? (overdue + k + 1) / mu : Infinity;
    if (clearedAt > waiting[k]!) {
      breachH = waiting[k]!;
      cause = "backlog";
      break;
    }
  }
  // Arrivals: the queue ahead of an item arriving after s hours is Q(s) = Q0 + (lambda - mu) s; it
  // breaches when Q(s) / mu > dueH, i.e. from s* = (mu dueH - Q0) / (lambda - mu), at s* + dueH.
  if (lambda > mu) {
    const q0 = input.dueTimes.length;
    const sStar = mu > 0 ? Math.max(0, (mu * dueH - q0) / (lambda - mu)) : 0;
    const arrivalBreach = sStar + dueH;
    if (breachH === null || arrivalBreach < breachH) {
      breachH = arrivalBreach;
      cause = "inflow";
    }
  }
  const perAnalyst = input.activeAnalysts > 0 && mu > 0 ? mu / input.activeAnalysts : null;
  // The pace that keeps every waiting item in time (k / t_k, overdue ones ahead) and the arrivals.
  let needed = lambda;
  waiting.forEach((t, k) => (needed = Math.max(needed, (overdue + k + 1) / t)));
  return {
    backlog: input.dueTimes.length,
    overdue,
    per_analyst_per_hour: perAnalyst,
    breach_at: breachH === null ? null : new Date(now + breachH * HOUR_MS),
    breach_cause: cause,
    analysts_needed: perAnalyst === null ? null : Math.ceil(needed / perAnalyst - 1e-9),
  };
}
