import "server-only";

import { z } from "zod";
import { type Approval, type Case, type CaseExport, type CaseType, type ListPage } from "./wire";
import { CaseSchema, CaseListSchema, CaseExportSchema, HeldApprovalSchema } from "./wire-schemas";
import type { UpdateCaseInput } from "../schemas/case";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import type { Snapshot } from "./snapshots";
import { apiA } from "./client";

// Cases are Surface A resources (`/v1/cases`). The console always sends `actor_id` = the signed-in
// analyst, so the audit log names the person, not the console's key.

export type CreateCaseBody = {
  title: string;
  case_type: CaseType;
  severity: string;
  transaction_ids: string[];
  user_id?: string;
  notes?: string;
  actor_id: string;
  /** The alert the case is opened from: the API refuses a second case while one is not closed. */
  alert_id?: string;
  /** Every alert the case holds (a cluster opened as one case); each joins at most one open case. */
  alert_ids?: string[];
};

export async function createCase(environment: ConsoleEnvironment, body: CreateCaseBody, idempotencyKey: string): Promise<Case> {
  return apiA(environment, "/v1/cases", { method: "POST", body, idempotencyKey, schema: CaseSchema });
}

export async function getCase(environment: ConsoleEnvironment, id: string): Promise<Case> {
  return apiA(environment, `/v1/cases/${encodeURIComponent(id)}`, { schema: CaseSchema });
}

/**
 * A PATCH of the version the analyst saw: 409 version_conflict if the case moved on since. A
 * resolution the approval policy holds answers 202 with the pending approval, the case unchanged.
 */
export async function updateCase(
  environment: ConsoleEnvironment,
  actorId: string,
  { id, version, ...changes }: UpdateCaseInput,
  snapshot?: Snapshot | null,
): Promise<Case | Approval> {
  return apiA(environment, `/v1/cases/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { ...changes, actor_id: actorId, ...(snapshot ? { snapshot } : {}) },
    ifMatch: version,
    schema: z.union([CaseSchema, HeldApprovalSchema]),
  });
}

export type CaseFilters = {
  status?: string;
  severity?: string;
  case_type?: string;
  assignee_id?: string;
  alert_id?: string;
  /** Created at or after (ISO 8601, milliseconds count). */
  start_time?: string;
  /** Created before or at (the "older than" filter). */
  end_time?: string;
  sla_state?: string;
  sort?: "priority" | "created_at" | "due_at";
};

export async function listCases(environment: ConsoleEnvironment, filters: CaseFilters, page: PageParams = {}): Promise<ListPage<Case>> {
  return apiA(environment, "/v1/cases", { query: { ...filters, limit: page.limit, after: page.after }, schema: CaseListSchema });
}

/** The highest-priority open, unassigned case, now assigned to `assigneeId`; 404 when none waits. */
export async function claimCase(environment: ConsoleEnvironment, assigneeId: string): Promise<Case> {
  return apiA(environment, "/v1/cases/claim", {
    method: "POST",
    body: { assignee_id: assigneeId, actor_id: assigneeId },
    schema: CaseSchema,
  });
}

/** The case opened from `alertId` that is not closed yet, if any (the API allows one at a time). */
export async function activeCaseForAlert(environment: ConsoleEnvironment, alertId: string): Promise<Case | null> {
  const page = await listCases(environment, { alert_id: alertId }, { limit: 20 });
  return page.data.find((c) => c.status !== "closed") ?? null;
}

/** The case's whole record (`GET /v1/cases/{id}/export`), with whether its hash chains verify. */
export async function getCaseExport(environment: ConsoleEnvironment, id: string, timeoutMs?: number): Promise<CaseExport> {
  return apiA(environment, `/v1/cases/${encodeURIComponent(id)}/export`, { schema: CaseExportSchema, timeoutMs });
}
