import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { type Overview } from "./wire";
import { OverviewSchema } from "./wire-schemas";
import { dashboard, type DashboardActor } from "./client";

// The overview's counts: a Surface B dashboard route, answered by the
// listener of the chosen environment with the signed-in analyst's console JWT.

export async function getOverview(environment: ConsoleEnvironment, actor: DashboardActor): Promise<Overview> {
  return dashboard(environment, actor, "/api/v1/overview", { schema: OverviewSchema });
}
