import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { analysts } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { iso } from "../../core/time";

const DAY_MS = 86_400_000;

type Load = { assignee_id: string | null; open: number; in_review: number; overdue: number; oldest: Date | string | null };
type Closed = { assignee_id: string; today: number; week: number };

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
const ageSeconds = (oldest: Date | null, now: Date) => (oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null);

/**
 * GET /api/v1/workload (server/domain/desk/README.md): every enabled analyst of the account, those
 * with nothing included, with their open and in-review cases, the oldest one's age, how many are
 * past due, and the cases resolved today (since midnight in `timeZone`) and in the last 7 days;
 * plus the unassigned queue. Three grouped queries, whatever the number of analysts.
 */
export async function workload(db: Db, scope: Scope, timeZone: string, now = new Date()) {
  const people = await db
    .select()
    .from(analysts)
    .where(and(eq(analysts.accountId, scope.accountId), isNull(analysts.disabledAt)))
    .orderBy(asc(analysts.name), asc(analysts.email));
  const loads = await rows<Load>(
    db,
    sql`select assignee_id,
               count(*) filter (where status = 'open')::int as open,
               count(*) filter (where status = 'in_review')::int as in_review,
               count(*) filter (where sla_breached_at is not null or due_at <= now())::int as overdue,
               min(created_at) as oldest
          from cases
         where account_id = ${scope.accountId} and environment = ${scope.environment} and status in ('open', 'in_review')
         group by assignee_id`,
  );
  // Resolutions are counted for the case's current assignee (the queue it was in), once per case.
  const closed = await rows<Closed>(
    db,
    sql`select c.assignee_id,
               count(distinct e.case_id) filter (where e.created_at >= date_trunc('day', now(), ${timeZone}))::int as today,
               count(distinct e.case_id)::int as week
          from case_events e join cases c on c.id = e.case_id
         where e.account_id = ${scope.accountId} and e.environment = ${scope.environment}
           and e.created_at >= ${new Date(now.getTime() - 7 * DAY_MS)}
           and e.action = 'status_changed' and e.details->>'to' = 'resolved' and c.assignee_id is not null
         group by c.assignee_id`,
  );
  const loadOf = new Map(loads.map((l) => [l.assignee_id, l]));
  const closedOf = new Map(closed.map((c) => [c.assignee_id, c]));
  const data = people.map((p) => {
    const l = loadOf.get(p.id);
    const c = closedOf.get(p.id);
    const oldest = asDate(l?.oldest ?? null);
    return {
      object: "analyst_workload" as const,
      analyst_id: p.id,
      name: p.name,
      email: p.email,
      role: p.role,
      availability: p.availability,
      open: l?.open ?? 0,
      in_review: l?.in_review ?? 0,
      overdue: l?.overdue ?? 0,
      oldest_created_at: oldest ? iso(oldest) : null,
      oldest_age_seconds: ageSeconds(oldest, now),
      resolved_today: c?.today ?? 0,
      resolved_7d: c?.week ?? 0,
    };
  });
  const u = loadOf.get(null);
  const uOldest = asDate(u?.oldest ?? null);
  return {
    object: "workload" as const,
    environment: scope.environment,
    time_zone: timeZone,
    as_of: iso(now),
    unassigned: {
      open: u?.open ?? 0,
      in_review: u?.in_review ?? 0,
      overdue: u?.overdue ?? 0,
      oldest_created_at: uOldest ? iso(uOldest) : null,
      oldest_age_seconds: ageSeconds(uOldest, now),
    },
    data,
  };
}

export type WorkloadResource = Awaited<ReturnType<typeof workload>>;
