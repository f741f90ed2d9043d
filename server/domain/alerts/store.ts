import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alerts, alertTransactions, alertUsers, type AlertStatus, type Resolution, type SeverityLevel } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { decodeCursor, encodeCursor, toPage, type Page } from "../../core/pagination";
import { sortedKeyset, withSeverityCursor } from "../../core/severity-keyset";
import { dueKeyset, refuseDueCursor, slaStateWhere, withDueCursor } from "../../core/sla-query";
import type { SlaState } from "../../core/sla-clock";
import { unfinishedAlertStatuses } from "./sla-breach";
import { ApiError, notFound } from "../../core/errors";
import { assertVersion } from "../../core/version-conflict";
import { serializeAlert, serializeAlertEvent, type AlertResource, type AlertRow } from "./serialize";
import { applyReview, historyOf, lockAlerts, type AlertReview } from "./review";

export type AlertFilters = {
  /** `all` (an addition) lists every status. */
  status: AlertStatus | "all";
  severity?: SeverityLevel;
  alertType?: string;
  userId?: string;
  resolution?: Resolution;
  caseId?: string;
  slaState?: SlaState;
  /** Inclusive bounds on created_at. */
  startTime?: Date;
  endTime?: Date;
  /**
   * `created_at` (default): newest first. `severity` (an addition): critical → low,
   * then oldest first, like the case queue's `priority`: the longest-waiting severe alert on top.
   * `due_at`: soonest due first (overdue on top).
   */
  sort: "created_at" | "severity" | "due_at";
  limit: number;
  after?: string;
};

/** GET /v1/alerts: every filter (README.md, "API"), newest first or severity first. */
export async function listAlerts(db: Db, scope: Scope, f: AlertFilters): Promise<Page<AlertResource>> {
  if (f.sort !== "due_at") refuseDueCursor(f.after);
  const page = f.sort === "due_at" ? dueKeyset(alerts, f.after) : sortedKeyset(alerts, f.sort === "severity", f.after);
  const rowsFound = await db
    .select()
    .from(alerts)
    .where(
      inScope(
        alerts,
        scope,
        f.status === "all" ? undefined : eq(alerts.status, f.status),
        f.severity ? eq(alerts.severity, f.severity) : undefined,
        f.alertType ? eq(alerts.alertType, f.alertType) : undefined,
        f.userId
          ? sql`exists (select 1 from ${alertUsers} where ${alertUsers.alertId} = ${alerts.id} and ${alertUsers.userId} = ${f.userId})`
          : undefined,
        f.resolution ? eq(alerts.resolution, f.resolution) : undefined,
        f.caseId ? eq(alerts.caseId, f.caseId) : undefined,
        f.slaState ? slaStateWhere(alerts, f.slaState, unfinishedAlertStatuses) : undefined,
        f.startTime ? gte(alerts.createdAt, f.startTime) : undefined,
        f.endTime ? sql`${alerts.createdAt} <= ${f.endTime}` : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(f.limit + 1);
  const result = toPage(rowsFound, f.limit, serializeAlert);
  if (f.sort === "due_at") return withDueCursor(result, rowsFound.slice(0, f.limit));
  return f.sort === "severity" ? withSeverityCursor(result, rowsFound.slice(0, f.limit)) : result;
}

export async function findAlert(db: Db, scope: Scope, id: string): Promise<AlertRow> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(inScope(alerts, scope, eq(alerts.id, id)));
  if (!row) throw notFound("alert", "id");
  return row;
}

type MemberPage = { object: "list"; data: string[]; has_more: boolean; next_cursor: string | null };

/** One page of an alert's member ids (users or transactions), most recently added first. */
async function memberPage(
  db: Db,
  alertId: string,
  kind: "users" | "transactions",
  limit: number,
  after: string | undefined,
  param: string,
): Promise<MemberPage> {
  const table = kind === "users" ? alertUsers : alertTransactions;
  const idCol = kind === "users" ? alertUsers.userId : alertTransactions.transactionId;
  let where: SQL | undefined;
  if (after) {
    let c;
    try {
      c = decodeCursor(after);
    } catch {
      throw new ApiError("invalid_field_value", `${param} is not a cursor returned by this API.`, param);
    }
    const t = new Date(c.t);
    where = or(lt(table.createdAt, t), and(eq(table.createdAt, t), lt(idCol, c.id)));
  }
  const found = await db
    .select({ id: idCol, createdAt: table.createdAt })
    .from(table)
    .where(and(eq(table.alertId, alertId), where))
    .orderBy(desc(table.createdAt), desc(idCol))
    .limit(limit + 1);
  const hasMore = found.length > limit;
  const pageRows = hasMore ? found.slice(0, limit) : found;
  const last = pageRows[pageRows.length - 1];
  return {
    object: "list",
    data: pageRows.map((r) => r.id),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** GET /v1/alerts/{id}: the alert with the user and transaction ids behind it, each paginated, and its history. */
export async function getAlertDetail(
  db: Db,
  scope: Scope,
  id: string,
  q: { limit: number; usersAfter?: string; transactionsAfter?: string },
) {
  const row = await findAlert(db, scope, id);
  return {
    ...serializeAlert(row),
    user_ids: await memberPage(db, row.id, "users", q.limit, q.usersAfter, "users_after"),
    transaction_ids: await memberPage(db, row.id, "transactions", q.limit, q.transactionsAfter, "transactions_after"),
    history: (await historyOf(db, row.id)).map(serializeAlertEvent),
  };
}

/**
 * PATCH /v1/alerts/{id}: `acknowledged` or `resolved` from any state, with the resolution and
 * notes; one history entry per change. Re-sending the current state changes nothing (updated_at,
 * version and history included); a stale If-Match version is 409 and changes nothing.
 */
export async function updateAlert(
  db: Db,
  scope: Scope,
  id: string,
  input: AlertReview & { expectedVersion?: number; actorId: string },
): Promise<AlertRow> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await lockAlerts(tx, scope, [id]);
    if (!row) throw notFound("alert", "id");
    assertVersion("alert", row.version, input.expectedVersion);
    const [updated] = await applyReview(
      tx,
      scope,
      [row],
      { status: input.status, resolution: input.resolution, notes: input.notes },
      input.actorId,
    );
    return updated!;
  });
}
