import { createLoader, parseAsIsoDate, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { alertSeverities, alertTypes } from "../schemas/alert";
import { cursorStackParser } from "./search-params";

// The alert queue's filters, all in the URL (reload, back and shared links show the same queue).
// `status` defaults to `open` like the API; `all` is the API's addition for every status.

export const alertQueueStatuses = ["open", "acknowledged", "resolved", "all"] as const;

export const alertQueueSearchParams = {
  status: parseAsStringLiteral(alertQueueStatuses).withDefault("open"),
  severity: parseAsStringLiteral(alertSeverities),
  alert_type: parseAsStringLiteral(alertTypes),
  user_id: parseAsString,
  start_time: parseAsIsoDate,
  end_time: parseAsIsoDate,
  cursor: cursorStackParser,
};

export const loadAlertQueueParams = createLoader(alertQueueSearchParams);
