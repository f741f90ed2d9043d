import { createLoader, parseAsIsoDate, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { alertSeverities, alertTypes } from "../api/wire";
import { slaStates } from "../format/sla";
import { cursorStackParser } from "./search-params";
import { createdBefore, earlierBound, queueAges } from "./queue-age";

// The alert queue's filters, all in the URL (reload, back and shared links show the same queue).
// `status` defaults to `open` like the API; `all` is the API's addition for every status. `sort`
// defaults to newest first like the API; `severity` is most severe first, then oldest first.

export const alertQueueStatuses = ["open", "acknowledged", "resolved", "all"] as const;
export const alertQueueSorts = ["created_at", "severity", "due_at"] as const;
export type AlertQueueSort = (typeof alertQueueSorts)[number];

export const alertQueueSearchParams = {
  status: parseAsStringLiteral(alertQueueStatuses).withDefault("open"),
  severity: parseAsStringLiteral(alertSeverities),
  alert_type: parseAsStringLiteral(alertTypes),
  user_id: parseAsString,
  sla_state: parseAsStringLiteral(slaStates),
  start_time: parseAsIsoDate,
  end_time: parseAsIsoDate,
  // "Older than": a created-before bound computed at each read, the earlier of it and the end day.
  age: parseAsStringLiteral(queueAges),
  sort: parseAsStringLiteral(alertQueueSorts).withDefault("created_at"),
  cursor: cursorStackParser,
};

export const loadAlertQueueParams = createLoader(alertQueueSearchParams);

type AlertQueueParams = Awaited<ReturnType<typeof loadAlertQueueParams>>;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The API's filters for the URL's: days in the URL, whole UTC days to the API (the end day to its last second). */
export function alertFiltersOf(params: AlertQueueParams) {
  return {
    status: params.status,
    severity: params.severity ?? undefined,
    alert_type: params.alert_type ?? undefined,
    user_id: params.user_id ?? undefined,
    start_time: params.start_time ? day(params.start_time) : undefined,
    end_time: earlierBound(
      params.end_time ? `${day(params.end_time)}T23:59:59Z` : undefined,
      params.age ? createdBefore(params.age) : undefined,
    ),
    sla_state: params.sla_state ?? undefined,
    sort: params.sort,
  };
}
