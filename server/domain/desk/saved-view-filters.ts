import { ApiError } from "../../core/errors";
import { slaStates } from "../../core/sla-clock";
import { alertStatuses, alertTypes, caseStatuses, caseTypes, severityLevels, type SavedViewQueue } from "../../db/schema";

// What a saved view may hold: exactly the filters and orders of its queue's list in the console
// (server/domain/desk/README.md, "Saved views"), so a view always opens on a queue the API can read.

/** "Older than": a created-before bound the console computes when the view is opened. */
export const viewAges = ["1h", "24h", "3d", "7d"] as const;
export type ViewAge = (typeof viewAges)[number];

/** Seconds of each age, for the console's `end_time` (alerts and cases list "created before or at"). */
export const viewAgeSeconds: Record<ViewAge, number> = { "1h": 3600, "24h": 86_400, "3d": 259_200, "7d": 604_800 };

type Check = (value: string) => string | null;

const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    values.includes(value) ? null : `must be one of: ${values.join(", ")}.`;
const text: Check = (value) => (value.length >= 1 && value.length <= 200 ? null : "must be 1 to 200 characters long.");
// A real calendar day: Date would roll 2026-02-30 over to March, so the day must survive the round trip.
const day: Check = (value) => {
  const at = new Date(`${value}T00:00:00Z`);
  const real = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  return real ? null : "must be a UTC day such as 2026-01-31.";
};

export const viewFilterChecks: Record<SavedViewQueue, Record<string, Check>> = {
  alerts: {
    status: oneOf([...alertStatuses, "all"]),
    severity: oneOf(severityLevels),
    alert_type: oneOf(alertTypes),
    user_id: text,
    sla_state: oneOf(slaStates),
    age: oneOf(viewAges),
    start_time: day,
    end_time: day,
  },
  cases: {
    status: oneOf(caseStatuses),
    severity: oneOf(severityLevels),
    case_type: oneOf(caseTypes),
    // `none` (unassigned), `me` (whoever opens the view) or an analyst of the account: the latter
    // is checked against the database.
    assignee_id: text,
    sla_state: oneOf(slaStates),
    age: oneOf(viewAges),
  },
};

export const viewSorts: Record<SavedViewQueue, readonly string[]> = {
  alerts: ["created_at", "severity", "due_at"],
  cases: ["priority", "created_at", "due_at"],
};

/** 400 naming the first unknown key or bad value (`filters.severity`), or a sort the queue lacks. */
export function checkViewFilters(queue: SavedViewQueue, filters: Record<string, string> | undefined, sort: string | undefined): void {
  const checks = viewFilterChecks[queue];
  for (const [key, value] of Object.entries(filters ?? {})) {
    const check = checks[key];
    if (!check)
      throw new ApiError(
        "invalid_field_value",
        `filters.${key} is not a filter of the ${queue} queue; its filters are ${Object.keys(checks).join(", ")}.`,
        `filters.${key}`,
      );
    const problem = check(value);
    if (problem) throw new ApiError("invalid_field_value", `filters.${key} ${problem}`, `filters.${key}`);
  }
  if (sort !== undefined && !viewSorts[queue].includes(sort))
    throw new ApiError("invalid_field_value", `sort must be one of: ${viewSorts[queue].join(", ")} (the ${queue} queue's orders).`, "sort");
}
