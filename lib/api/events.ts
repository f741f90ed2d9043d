import "server-only";

import { type ArgusEvent, type ListPage } from "./wire";
import { EventListSchema } from "./wire-schemas";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { apiA } from "./client";

// The event log is a Surface A resource (`GET /v1/events`), read with the environment's key.

/** Every filter of `GET /v1/events`; timestamps are ISO 8601 as the API takes them. */
export type EventFilters = {
  transaction_id?: string;
  user_id?: string;
  event_type?: string;
  start_time?: string;
  end_time?: string;
};

export async function listEvents(
  environment: ConsoleEnvironment,
  filters: EventFilters,
  page: PageParams = {},
): Promise<ListPage<ArgusEvent>> {
  return apiA(environment, "/v1/events", { query: { ...filters, limit: page.limit, after: page.after }, schema: EventListSchema });
}
