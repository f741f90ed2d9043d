import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { alertSeverities, caseStatuses, caseTypes } from "../api/wire";
import { slaStates } from "../format/sla";
import { cursorStackParser } from "./search-params";
import { createdBefore, queueAges } from "./queue-age";

// The case queue's filters, in the URL. Priority order by default (most urgent, then oldest);
// `assignee_id` is an analyst id or `none` (unassigned).
export const caseSorts = ["priority", "created_at", "due_at"] as const;

export const caseQueueSearchParams = {
  status: parseAsStringLiteral(caseStatuses),
  severity: parseAsStringLiteral(alertSeverities),
  case_type: parseAsStringLiteral(caseTypes),
  assignee_id: parseAsString,
  sla_state: parseAsStringLiteral(slaStates),
  // "Older than": the list's end_time, computed at each read (lib/queries/queue-age.ts).
  age: parseAsStringLiteral(queueAges),
  sort: parseAsStringLiteral(caseSorts).withDefault("priority"),
  cursor: cursorStackParser,
  // The lead's queue (/cases/queue) pages its "Unassigned" section separately, above the rest.
  unassigned_cursor: cursorStackParser,
};

export const loadCaseQueueParams = createLoader(caseQueueSearchParams);

/** The API's filters for the URL's (the order apart: each page picks its own). */
export function caseFiltersOf(params: Awaited<ReturnType<typeof loadCaseQueueParams>>) {
  return {
    status: params.status ?? undefined,
    severity: params.severity ?? undefined,
    case_type: params.case_type ?? undefined,
    assignee_id: params.assignee_id ?? undefined,
    sla_state: params.sla_state ?? undefined,
    end_time: params.age ? createdBefore(params.age) : undefined,
  };
}
