import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { type Overview, type Workload } from "./wire";
import { OverviewSchema, WorkloadSchema } from "./wire-schemas";
import { dashboard, type DashboardActor } from "./client";

// The overview's counts and the leads' workload: Surface B dashboard routes, answered by the
// listener of the chosen environment with the signed-in analyst's console JWT.

export async function getOverview(environment: ConsoleEnvironment, actor: DashboardActor): Promise<Overview> {
  return dashboard(environment, actor, "/api/v1/overview", { schema: OverviewSchema });
}

export async function getCaseWorkload(environment: ConsoleEnvironment, actor: DashboardActor): Promise<Workload> {
  return dashboard(environment, actor, "/api/v1/overview/workload", { schema: WorkloadSchema });
}
