import { createLoader, parseAsInteger, parseAsIsoDateTime, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { eventTypes } from "../api/wire";
import { cursorStackParser } from "./search-params";

// Event search: every filter of GET /v1/events in the URL, so `/events?transaction_id=…`
// and `/events?user_id=…` are deep links other pages (transaction detail, alerts) use. `event` is
// the event whose payload is open: in the URL so a shared link opens the same payload.

export const eventPageSizes = [20, 50, 100] as const;
export const DEFAULT_EVENT_PAGE_SIZE = 20;

export const eventSearchParams = {
  event_type: parseAsStringLiteral(eventTypes),
  transaction_id: parseAsString,
  user_id: parseAsString,
  start_time: parseAsIsoDateTime,
  end_time: parseAsIsoDateTime,
  limit: parseAsInteger,
  cursor: cursorStackParser,
  event: parseAsString,
};

export const loadEventSearchParams = createLoader(eventSearchParams);

export type EventSearchState = {
  event_type: (typeof eventTypes)[number] | null;
  transaction_id: string | null;
  user_id: string | null;
  start_time: Date | null;
  end_time: Date | null;
  limit: number | null;
};

/** An id filter from the URL: blank means "no filter", surrounding spaces are a paste accident. */
export function idFilter(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The API's limit (1–100); anything else in the URL means the default. */
export function pageSizeOf(limit: number | null | undefined): number {
  return typeof limit === "number" && Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : DEFAULT_EVENT_PAGE_SIZE;
}

/** An instant as the API writes timestamps: `YYYY-MM-DDTHH:MM:SSZ`, to the second. */
export function toApiInstant(date: Date | null | undefined): string | undefined {
  if (!date || Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The query of GET /v1/events for the URL's state (undefined = not sent). */
export function eventFiltersFromParams(params: EventSearchState) {
  return {
    event_type: params.event_type ?? undefined,
    transaction_id: idFilter(params.transaction_id),
    user_id: idFilter(params.user_id),
    start_time: toApiInstant(params.start_time),
    end_time: toApiInstant(params.end_time),
  };
}

export function hasEventFilters(params: EventSearchState): boolean {
  return Object.values(eventFiltersFromParams(params)).some((value) => value !== undefined);
}

/** A `datetime-local` input's value (UTC, to the minute) for an instant of the URL. */
export function toMinuteInput(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return "";
  return date.toISOString().slice(0, 16);
}

/**
 * The instant of a `datetime-local` value read as UTC. The inputs pick minutes, so a start is
 * the minute's first second and an end its last: "to 12:05" includes events written at 12:05:40.
 */
export function fromMinuteInput(value: string, bound: "start" | "end"): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const seconds = match[2] ?? (bound === "end" ? "59" : "00");
  const date = new Date(`${match[1]}:${seconds}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
