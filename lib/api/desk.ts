import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { AnalystSchema, DeskWorkloadSchema, ForecastSchema, type Analyst, type DeskWorkload, type Forecast } from "./wire";
import { dashboard, type DashboardActor } from "./client";

// The lead's desk (server/domain/desk/README.md): who holds what, who is free, and the breach
// forecast, per environment; availability belongs to the analyst (the account), not to one.

export async function getDeskWorkload(environment: ConsoleEnvironment, actor: DashboardActor, timeZone: string): Promise<DeskWorkload> {
  return dashboard(environment, actor, "/api/v1/workload", { query: { time_zone: timeZone }, schema: DeskWorkloadSchema });
}

export async function getForecast(environment: ConsoleEnvironment, actor: DashboardActor): Promise<Forecast> {
  return dashboard(environment, actor, "/api/v1/forecast", { schema: ForecastSchema });
}

export async function setAvailability(actor: DashboardActor, id: string, availability: "available" | "away"): Promise<Analyst> {
  return dashboard("production", actor, `/api/v1/analysts/${encodeURIComponent(id)}/availability`, {
    method: "PUT",
    body: { availability },
    schema: AnalystSchema,
  });
}
