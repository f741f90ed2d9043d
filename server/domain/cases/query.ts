import { arrayContains, eq, gte, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cases, type CaseStatus, type CaseType, type SeverityLevel } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { notFound } from "../../core/errors";
import { toPage, type Page } from "../../core/pagination";
import { sortedKeyset, withSeverityCursor } from "../../core/severity-keyset";
import { dueKeyset, refuseDueCursor, slaStateWhere, withDueCursor } from "../../core/sla-query";
import type { SlaState } from "../../core/sla-clock";
import { unfinishedCaseStatuses } from "./sla-breach";
import { eventsOf, loadCaseResource, serializeCase, type CaseResource } from "./serialize";

export async function getCase(db: Db, scope: Scope, id: string): Promise<CaseResource> {
  const [row] = await db
    .select()
    .from(cases)
    .where(inScope(cases, scope, eq(cases.id, id)));
  if (!row) throw notFound("case", "id");
  return loadCaseResource(db, row);
}

/** `assignee_id=none` asks for unassigned cases. */
export const UNASSIGNED = "none";

export type CaseFilters = {
  status?: CaseStatus;
  severity?: SeverityLevel;
  caseType?: CaseType;
  assigneeId?: string;
  userId?: string;
  alertId?: string;
  slaState?: SlaState;
  /** Created at or after (a queue's "what is new since I read it"). */
  startTime?: Date;
  /** Created before or at (the console's "older than" age filter). */
  endTime?: Date;
  /**
   * `created_at` (default): newest first. `priority`: severity critical→low, then oldest first.
   * `due_at`: soonest due first (overdue on top).
   */
  sort: "created_at" | "priority" | "due_at";
  limit: number;
  after?: string;
};

/** GET /v1/cases (an addition): filters, cursor pagination, sorted by age or by priority. */
export async function listCases(db: Db, scope: Scope, f: CaseFilters): Promise<Page<CaseResource>> {
  if (f.sort !== "due_at") refuseDueCursor(f.after);
  const page = f.sort === "due_at" ? dueKeyset(cases, f.after) : sortedKeyset(cases, f.sort === "priority", f.after);
  const found = await db
    .select()
    .from(cases)
    .where(
      inScope(
        cases,
        scope,
        f.status ? eq(cases.status, f.status) : undefined,
        f.severity ? eq(cases.severity, f.severity) : undefined,
        f.caseType ? eq(cases.caseType, f.caseType) : undefined,
        f.assigneeId === UNASSIGNED ? isNull(cases.assigneeId) : f.assigneeId ? eq(cases.assigneeId, f.assigneeId) : undefined,
        f.userId ? eq(cases.userId, f.userId) : undefined,
        f.alertId ? arrayContains(cases.alertIds, [f.alertId]) : undefined,
        f.slaState ? slaStateWhere(cases, f.slaState, unfinishedCaseStatuses) : undefined,
        f.startTime ? gte(cases.createdAt, f.startTime) : undefined,
        f.endTime ? lte(cases.createdAt, f.endTime) : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(f.limit + 1);
  const shown = found.slice(0, f.limit);
  const events = await eventsOf(
    db,
    shown.map((r) => r.id),
  );
  const result = toPage(found, f.limit, (row) => serializeCase(row, events.get(row.id) ?? []));
  if (f.sort === "due_at") return withDueCursor(result, shown);
  return f.sort === "priority" ? withSeverityCursor(result, shown) : result;
}
