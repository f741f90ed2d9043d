import "server-only";

import { type Alert, type AlertDetail, type ListPage } from "./wire";
import { AlertDetailSchema, AlertSchema, AlertListSchema } from "./wire-schemas";
import type { UpdateAlertInput } from "../schemas/alert";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { apiA } from "./client";

// Alerts are Surface A resources (`/v1/alerts`), read and changed with the environment's API key.

export type AlertFilters = {
  status?: string;
  severity?: string;
  alert_type?: string;
  user_id?: string;
  start_time?: string;
  end_time?: string;
  /** `created_at` (the API's default): newest first. `severity`: most severe, then oldest, first. */
  sort?: "created_at" | "severity";
};

export async function listAlerts(environment: ConsoleEnvironment, filters: AlertFilters, page: PageParams = {}): Promise<ListPage<Alert>> {
  return apiA(environment, "/v1/alerts", { query: { ...filters, limit: page.limit, after: page.after }, schema: AlertListSchema });
}

export async function getAlert(
  environment: ConsoleEnvironment,
  id: string,
  page: { limit?: number; users_after?: string; transactions_after?: string } = {},
): Promise<AlertDetail> {
  return apiA(environment, `/v1/alerts/${encodeURIComponent(id)}`, { query: page, schema: AlertDetailSchema });
}

/** A PATCH of the version the analyst saw: 409 version_conflict if the alert's review state moved on. */
export async function updateAlert(
  environment: ConsoleEnvironment,
  actorId: string,
  { id, version, ...changes }: UpdateAlertInput,
): Promise<Alert> {
  return apiA(environment, `/v1/alerts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { ...changes, actor_id: actorId },
    ifMatch: version,
    schema: AlertSchema,
  });
}
