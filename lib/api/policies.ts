import "server-only";

import { type DetectionPolicy, type Policy, type SignalInfo } from "./wire";
import { DetectionPolicySchema, PolicySchema, SignalListSchema } from "./wire-schemas";
import type { DetectionThresholds } from "../schemas/detection-policy";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { RuleInput, ScoreBandsInput } from "../schemas/policy";
import { dashboard, type DashboardActor } from "./client";

// Risk policies and detection thresholds are dashboard routes: called with a console token for
// the signed-in analyst (the API records them as `updated_by` and checks their role again).

export async function getPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<Policy> {
  return dashboard(environment, actor, "/api/v1/policies", { schema: PolicySchema });
}

/** PATCH: only the parts sent change (retention, IP ranges and the BIN table are kept). */
export async function patchPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  patch: { score_bands?: ScoreBandsInput; rules?: RuleInput[] },
  /** The version the change is based on (If-Match; 0 = the defaults, never changed). */
  version: number,
): Promise<Policy> {
  return dashboard(environment, actor, "/api/v1/policies", { method: "PATCH", body: patch, ifMatch: version, schema: PolicySchema });
}

export async function listSignals(environment: ConsoleEnvironment, actor: DashboardActor): Promise<SignalInfo[]> {
  const list = await dashboard(environment, actor, "/api/v1/policies/signals", { schema: SignalListSchema });
  return list.data;
}

export async function getDetectionPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<DetectionPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/detection", { schema: DetectionPolicySchema });
}

/** PUT replaces the overrides; the console sends every field, the API stores what differs from the defaults. */
export async function putDetectionPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  detectors: DetectionThresholds,
  version: number,
): Promise<DetectionPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/detection", {
    method: "PUT",
    body: detectors,
    ifMatch: version,
    schema: DetectionPolicySchema,
  });
}
