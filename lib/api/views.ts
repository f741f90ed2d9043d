import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import type { SavedView, SavedViewQueue } from "./wire";
import { DeletedSavedViewSchema, SavedViewDefaultSchema, SavedViewListSchema, SavedViewSchema } from "./wire-schemas";
import { dashboard, type DashboardActor } from "./client";

// Saved views of the alert and case queues (server/domain/desk/README.md, "Saved views"): the
// signed-in analyst's own and the team's, per environment, kept by the API.

export type SavedViewBody = { name: string; filters: Record<string, string>; sort: string; shared?: boolean };

export async function listSavedViews(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  queue: SavedViewQueue,
  timeoutMs?: number,
): Promise<SavedView[]> {
  return (await dashboard(environment, actor, "/api/v1/views", { query: { queue }, schema: SavedViewListSchema, timeoutMs })).data;
}

export async function createSavedView(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  body: SavedViewBody & { queue: SavedViewQueue },
): Promise<SavedView> {
  return dashboard(environment, actor, "/api/v1/views", { method: "POST", body, schema: SavedViewSchema });
}

/** A change on the version the analyst saw (If-Match): 409 if the view changed since. */
export async function updateSavedView(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  id: string,
  changes: Partial<SavedViewBody>,
  version: number,
): Promise<SavedView> {
  return dashboard(environment, actor, `/api/v1/views/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: changes,
    ifMatch: version,
    schema: SavedViewSchema,
  });
}

export async function deleteSavedView(environment: ConsoleEnvironment, actor: DashboardActor, id: string, version: number) {
  return dashboard(environment, actor, `/api/v1/views/${encodeURIComponent(id)}`, {
    method: "DELETE",
    ifMatch: version,
    schema: DeletedSavedViewSchema,
  });
}

export async function setDefaultSavedView(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  queue: SavedViewQueue,
  viewId: string | null,
) {
  return dashboard(environment, actor, "/api/v1/views/default", {
    method: "PUT",
    body: { queue, view_id: viewId },
    schema: SavedViewDefaultSchema,
  });
}
