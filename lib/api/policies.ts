import "server-only";

import { z } from "zod";
import { type Approval, type ApprovalPolicy, type DetectionPolicy, type Policy, type SignalInfo } from "./wire";
import { ApprovalPolicySchema, ApprovalSchema, DetectionPolicySchema, PolicySchema, SignalListSchema } from "./wire-schemas";
import type { DetectionThresholds } from "../schemas/detection-policy";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { RuleInput, ScoreBandsInput } from "../schemas/policy";
import { dashboard, type DashboardActor } from "./client";

// Risk policies and detection thresholds are dashboard routes: called with a console token for
// the signed-in analyst (the API records them as `updated_by` and checks their role again).

export async function getPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<Policy> {
  return dashboard(environment, actor, "/api/v1/policies", { schema: PolicySchema });
}

/**
 * PATCH: only the parts sent change (retention, IP ranges and the BIN table are kept). When the
 * approval policy holds publishing, the answer is 202 with the pending approval, the policy unchanged.
 */
export async function patchPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  patch: { score_bands?: ScoreBandsInput; rules?: RuleInput[] },
  /** The version the change is based on (If-Match; 0 = the defaults, never changed). */
  version: number,
): Promise<Policy | Approval> {
  return dashboard(environment, actor, "/api/v1/policies", {
    method: "PATCH",
    body: patch,
    ifMatch: version,
    schema: z.union([PolicySchema, ApprovalSchema]),
  });
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

/** Which actions need a second person (four-eyes). */
export async function getApprovalPolicy(environment: ConsoleEnvironment, actor: DashboardActor): Promise<ApprovalPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/approvals", { schema: ApprovalPolicySchema });
}

/** PUT replaces the three settings, on the version the form started from (If-Match; 0 = never written). */
export async function putApprovalPolicy(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  body: { case_false_positive_min_exposure: number | null; screening_review: boolean; score_policy_publish: boolean },
  version: number,
): Promise<ApprovalPolicy> {
  return dashboard(environment, actor, "/api/v1/policies/approvals", {
    method: "PUT",
    body,
    ifMatch: version,
    schema: ApprovalPolicySchema,
  });
}
