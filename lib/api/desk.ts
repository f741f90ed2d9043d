import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import {
  type AssignmentPolicy,
  type AssignmentRule,
  type Analyst,
  type DeskWorkload,
  type Forecast,
  type SlaDueSeconds,
  type SlaPolicy,
} from "./wire";
import { AnalystSchema, AssignmentPolicySchema, DeskWorkloadSchema, ForecastSchema, SlaPolicySchema } from "./wire-schemas";
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

export async function getSlaPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<SlaPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/sla", { schema: SlaPolicySchema });
}

/** Replaces the due times on the version the form started from (If-Match; 0 while the defaults hold). */
export async function putSlaPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  body: { case_due_seconds: SlaDueSeconds; alert_due_seconds: SlaDueSeconds },
  version: number,
): Promise<SlaPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/sla", { method: "PUT", body, ifMatch: version, schema: SlaPolicySchema });
}

export async function getAssignmentPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<AssignmentPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/assignment", { schema: AssignmentPolicySchema });
}

export async function putAssignmentPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  body: { mode: AssignmentPolicy["mode"]; rules: AssignmentRule[] },
  version: number,
): Promise<AssignmentPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/assignment", {
    method: "PUT",
    body,
    ifMatch: version,
    schema: AssignmentPolicySchema,
  });
}
