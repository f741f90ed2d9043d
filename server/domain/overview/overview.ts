import { count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  alerts,
  alertTypes,
  caseStatuses,
  cases,
  decisionValues,
  identityVerifications,
  screenings,
  severityLevels,
  transactions,
  type CaseStatus,
  type Decision,
  type SeverityLevel,
} from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";

// The console's overview (GET /api/v1/overview) and the lead's workload (GET
// /api/v1/overview/workload): a handful of grouped counts, each answered from an index whose
// leading columns are (account_id, environment, …), so the cost grows with the scope's rows in the
// window, never with the whole table.

/** Days of score history the overview charts, today (UTC) included. */
export const SCORE_DAYS = 14;

export type ScoresDay = { date: string } & Record<Decision, number>;
export type AlertTypeCounts = { alert_type: string; total: number } & Record<SeverityLevel, number>;

export type Overview = {
  object: "overview";
  environment: Scope["environment"];
  generated_at: string;
  scores_by_day: ScoresDay[];
  open_alerts: { total: number; by_type: AlertTypeCounts[] };
  /** Acknowledged (someone is on them) and not yet resolved: still unfinished work. */
  acknowledged_alerts: number;
  cases_by_status: Record<CaseStatus, number>;
  pending_screenings: number;
  pending_verifications: number;
};

export type WorkloadRow = { assignee_id: string; open: number; in_review: number; total: number };
export type Workload = {
  object: "case_workload";
  environment: Scope["environment"];
  data: WorkloadRow[];
  unassigned: { open: number; in_review: number; total: number };
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The UTC calendar days of the window, oldest first, ending with `now`'s day. */
export function scoreDays(now: Date, days = SCORE_DAYS): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => isoDay(new Date(end - (days - 1 - i) * 86_400_000)));
}

/** Zero-filled day × decision grid from grouped rows (days without scores still appear). */
export function fillScoreDays(days: string[], rows: { day: string; decision: string; n: number }[]): ScoresDay[] {
  const grid = new Map(days.map((date) => [date, { date, allow: 0, challenge: 0, block: 0 } as ScoresDay]));
  for (const row of rows) {
    const cell = grid.get(row.day);
    if (cell && (decisionValues as readonly string[]).includes(row.decision)) cell[row.decision as Decision] += row.n;
  }
  return [...grid.values()];
}

/** Open alerts per type with a per-severity split; every known type appears, busiest first. */
export function groupAlerts(rows: { alert_type: string; severity: string; n: number }[]): { total: number; by_type: AlertTypeCounts[] } {
  const byType = new Map<string, AlertTypeCounts>(
    alertTypes.map((t) => [t, { alert_type: t, total: 0, low: 0, medium: 0, high: 0, critical: 0 }]),
  );
  let total = 0;
  for (const row of rows) {
    const entry = byType.get(row.alert_type) ?? { alert_type: row.alert_type, total: 0, low: 0, medium: 0, high: 0, critical: 0 };
    if ((severityLevels as readonly string[]).includes(row.severity)) entry[row.severity as SeverityLevel] += row.n;
    entry.total += row.n;
    total += row.n;
    byType.set(row.alert_type, entry);
  }
  return { total, by_type: [...byType.values()].sort((a, b) => b.total - a.total || a.alert_type.localeCompare(b.alert_type)) };
}

export async function getOverview(db: Db, scope: Scope, input: { now?: Date } = {}): Promise<Overview> {
  const now = input.now ?? new Date();
  const days = scoreDays(now);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  // created_at is timestamptz; the day is taken in UTC whatever the session's time zone is.
  const day = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [scoreRows, alertRows, [acknowledgedCount], caseRows, [screeningCount], [verificationCount]] = await Promise.all([
    db
      .select({ day, decision: transactions.decision, n: count() })
      .from(transactions)
      .where(inScope(transactions, scope, gte(transactions.createdAt, since)))
      .groupBy(day, transactions.decision),
    db
      .select({ alert_type: alerts.alertType, severity: alerts.severity, n: count() })
      .from(alerts)
      .where(inScope(alerts, scope, eq(alerts.status, "open")))
      .groupBy(alerts.alertType, alerts.severity),
    db
      .select({ n: count() })
      .from(alerts)
      .where(inScope(alerts, scope, eq(alerts.status, "acknowledged"))),
    db.select({ status: cases.status, n: count() }).from(cases).where(inScope(cases, scope)).groupBy(cases.status),
    db
      .select({ n: count() })
      .from(screenings)
      .where(inScope(screenings, scope, eq(screenings.reviewState, "pending_review"))),
    db
      .select({ n: count() })
      .from(identityVerifications)
      .where(inScope(identityVerifications, scope, eq(identityVerifications.status, "pending"))),
  ]);

  const casesByStatus = Object.fromEntries(caseStatuses.map((s) => [s, 0])) as Record<CaseStatus, number>;
  for (const row of caseRows) casesByStatus[row.status] = Number(row.n);

  return {
    object: "overview",
    environment: scope.environment,
    generated_at: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    scores_by_day: fillScoreDays(
      days,
      scoreRows.map((r) => ({ day: r.day, decision: r.decision, n: Number(r.n) })),
    ),
    open_alerts: groupAlerts(alertRows.map((r) => ({ alert_type: r.alert_type, severity: r.severity, n: Number(r.n) }))),
    acknowledged_alerts: Number(acknowledgedCount?.n ?? 0),
    cases_by_status: casesByStatus,
    pending_screenings: Number(screeningCount?.n ?? 0),
    pending_verifications: Number(verificationCount?.n ?? 0),
  };
}

/** Open and in-review cases per assignee (busiest first), and how many wait for one. */
export async function getCaseWorkload(db: Db, scope: Scope): Promise<Workload> {
  const active: CaseStatus[] = ["open", "in_review"];
  const rows = await db
    .select({ assignee: cases.assigneeId, status: cases.status, n: count() })
    .from(cases)
    .where(inScope(cases, scope, inArray(cases.status, active)))
    .groupBy(cases.assigneeId, cases.status);
  const people = new Map<string, WorkloadRow>();
  const unassigned = { open: 0, in_review: 0, total: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    const entry =
      row.assignee === null ? unassigned : (people.get(row.assignee) ?? { assignee_id: row.assignee, open: 0, in_review: 0, total: 0 });
    if (row.status === "open") entry.open += n;
    else entry.in_review += n;
    entry.total += n;
    if (row.assignee !== null) people.set(row.assignee, entry as WorkloadRow);
  }
  return {
    object: "case_workload",
    environment: scope.environment,
    data: [...people.values()].sort((a, b) => b.total - a.total || a.assignee_id.localeCompare(b.assignee_id)),
    unassigned,
  };
}
