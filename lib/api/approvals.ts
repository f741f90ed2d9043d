import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { dashboard, type DashboardActor } from "./client";
import { type Approval, type ApprovalStatus, type ListPage } from "./wire";
import { ApprovalListSchema, ApprovalSchema } from "./wire-schemas";
import type { PageParams } from "../schemas/list";

// The four-eyes queue is a dashboard route: the API decides as the analyst the console token
// proves (never a name the console passes along), and shows analysts only what they asked for.

export type ApprovalFilters = { status?: ApprovalStatus; object_id?: string };

export async function listApprovals(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  filters: ApprovalFilters,
  page: PageParams = {},
): Promise<ListPage<Approval>> {
  return dashboard(environment, actor, "/api/v1/approvals", {
    query: { ...filters, limit: page.limit, after: page.after },
    schema: ApprovalListSchema,
  });
}

export async function getApproval(environment: ConsoleEnvironment, actor: DashboardActor, id: string): Promise<Approval> {
  return dashboard(environment, actor, `/api/v1/approvals/${encodeURIComponent(id)}`, { schema: ApprovalSchema });
}

/** Approves (the maker's action applies) or rejects (nothing changes), with the decider's reason. */
export async function decideApproval(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  id: string,
  verdict: "approve" | "reject",
  reason: string,
): Promise<Approval> {
  return dashboard(environment, actor, `/api/v1/approvals/${encodeURIComponent(id)}/${verdict}`, {
    method: "POST",
    body: { reason },
    schema: ApprovalSchema,
  });
}
