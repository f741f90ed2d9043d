import type { SeverityForecast } from "../api/wire";
import { formatDuration } from "./sla";

// The breach forecast worded for the screen: each row says which numbers it came from
// (server/domain/desk/README.md, "Breach forecast").

const rate = (perHour: number) => `${Number(perHour.toFixed(2))}/h`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The inputs: "5 opened and 2 resolved in 8 h (0.63/h in, 0.25/h out) by 1 analyst, due 4 h after opening." */
export function forecastInputs(f: SeverityForecast, windowHours: number): string {
  const by = f.analysts_resolving > 0 ? ` by ${plural(f.analysts_resolving, "analyst")}` : "";
  return (
    `${f.opened} opened and ${f.resolved} resolved in the last ${windowHours} h ` +
    `(${rate(f.inflow_per_hour)} in, ${rate(f.cleared_per_hour)} out)${by}; each due ${formatDuration(f.due_seconds)} after opening.`
  );
}

/** Why it breaches (or not), in the model's terms. */
export function forecastReason(f: SeverityForecast): string {
  if (f.backlog === 0 && f.inflow_per_hour === 0) return "Nothing waiting and nothing arriving.";
  if (f.breach_cause === "backlog") {
    return f.cleared_per_hour === 0
      ? "Nothing was resolved in the window: the waiting cases breach at their due times."
      : `At ${rate(f.cleared_per_hour)}, soonest due first, a waiting case is reached after its due time.`;
  }
  if (f.breach_cause === "inflow") {
    return `Cases arrive faster than they are resolved (${rate(f.inflow_per_hour)} > ${rate(f.cleared_per_hour)}): the queue grows until a new case waits longer than its due time.`;
  }
  return `At ${rate(f.cleared_per_hour)} every waiting case is reached before it is due, and arrivals do not outgrow clearance.`;
}

/** "3 (at 0.5/h each)" or why there is no figure. */
export function analystsNeededText(f: SeverityForecast): string {
  if (f.analysts_needed === null || f.per_analyst_per_hour === null) return "—";
  return `${f.analysts_needed} (at ${rate(f.per_analyst_per_hour)} each)`;
}
