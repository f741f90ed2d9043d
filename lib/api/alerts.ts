import "server-only";

import { z } from "zod";
import { type Alert, type AlertCluster, type AlertDetail, type ListPage } from "./wire";
import { AlertClusterListSchema, AlertDetailSchema, AlertSchema, AlertListSchema, ApprovalSchema } from "./wire-schemas";
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
  sla_state?: string;
  /** `created_at` (the API's default): newest first. `severity`: most severe, then oldest, first. `due_at`: soonest due first. */
  sort?: "created_at" | "severity" | "due_at";
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

/** Related unfinished alerts grouped by a shared user, device, card or client IP (server/README.md, "Alert clusters"). */
export async function listAlertClusters(
  environment: ConsoleEnvironment,
  query: { alert_id?: string; limit?: number } = {},
  timeoutMs?: number,
): Promise<AlertCluster[]> {
  return (await apiA(environment, "/v1/alert-clusters", { query, schema: AlertClusterListSchema, timeoutMs })).data;
}

/**
 * Resolves one alert of a cluster on the version the analyst saw. A write the four-eyes policy
 * holds answers 202 with an approval: reported as `held`, nothing changed yet.
 */
export async function resolveAlertOrHold(
  environment: ConsoleEnvironment,
  actorId: string,
  { id, version, ...changes }: UpdateAlertInput,
): Promise<{ held: false; alert: Alert } | { held: true; approvalId: string }> {
  const answer = await apiA(environment, `/v1/alerts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { ...changes, actor_id: actorId },
    ifMatch: version,
    schema: z.union([AlertSchema, ApprovalSchema]),
  });
  return answer.object === "approval" ? { held: true, approvalId: answer.approval_id } : { held: false, alert: answer };
}
