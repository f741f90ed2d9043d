import { and, asc, desc, eq, gt, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cases, type CaseStatus, type CaseType, type SeverityLevel } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { ApiError, notFound } from "../../http/errors";
import { keyset, toPage, type Page } from "../../http/pagination";
import { eventsOf, loadCaseResource, serializeCase, type CaseResource, type CaseRow } from "./serialize";

export async function getCase(db: Db, scope: Scope, id: string): Promise<CaseResource> {
  const [row] = await db.select().from(cases).where(inScope(cases, scope, eq(cases.id, id)));
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
  /** `created_at` (default): newest first. `priority`: severity critical→low, then oldest first. */
  sort: "created_at" | "priority";
  limit: number;
  after?: string;
};

type PriorityCursor = { p: 1; r: number; t: number; id: string };

function encodePriority(row: CaseRow): string {
  const c: PriorityCursor = { p: 1, r: row.severityRank, t: row.createdAt.getTime(), id: row.id };
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodePriority(after: string): PriorityCursor {
  try {
    const c = JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as PriorityCursor;
    if (c.p === 1 && Number.isInteger(c.r) && Number.isFinite(c.t) && typeof c.id === "string") return c;
  } catch {
    /* fall through */
  }
  throw new ApiError("invalid_field_value", "after is not a cursor returned by this API for this sort order.", "after");
}

function isPriorityCursor(after: string): boolean {
  try {
    return (JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as { p?: unknown }).p === 1;
  } catch {
    return false;
  }
}

/** Keyset for (severity_rank desc, created_at asc, id asc): strictly after the cursor's row. */
function priorityKeyset(after?: string): { where?: SQL; orderBy: SQL[] } {
  const orderBy = [desc(cases.severityRank), asc(cases.createdAt), asc(cases.id)];
  if (!after) return { orderBy };
  const c = decodePriority(after);
  const t = new Date(c.t);
  const where = or(
    lt(cases.severityRank, c.r),
    and(eq(cases.severityRank, c.r), or(gt(cases.createdAt, t), and(eq(cases.createdAt, t), gt(cases.id, c.id)))),
  ) as SQL;
  return { where, orderBy };
}

/** GET /v1/cases (an addition): filters, cursor pagination, sorted by age or by priority. */
export async function listCases(db: Db, scope: Scope, f: CaseFilters): Promise<Page<CaseResource>> {
  if (f.sort === "created_at" && f.after && isPriorityCursor(f.after)) {
    throw new ApiError("invalid_field_value", "after is not a cursor returned by this API for this sort order.", "after");
  }
  const page = f.sort === "priority" ? priorityKeyset(f.after) : keyset({ createdAt: cases.createdAt, id: cases.id }, f.after);
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
  if (f.sort === "priority" && result.has_more) {
    const last = shown[shown.length - 1];
    result.next_cursor = last ? encodePriority(last) : null;
  }
  return result;
}
