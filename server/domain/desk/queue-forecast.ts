import { and, eq, isNull, sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { analysts, severityLevels, type SeverityLevel } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { iso, isoSeconds } from "../../core/time";
import { serializeSlaPolicy, slaPolicyRow } from "../sla";
import { forecastQueue } from "./forecast";

type Waiting = { severity: SeverityLevel; due_at: Date | string };
type Counted = { severity: SeverityLevel; n: number; analysts?: number };

/**
 * GET /api/v1/forecast (server/domain/desk/README.md, "Breach forecast"): per severity, the open
 * and in-review cases' due times, the cases opened and resolved over the last `windowHours`, and
 * the analysts who resolved them, fed to forecastQueue. Three grouped queries and the SLA policy.
 */
export async function queueForecast(db: Db, scope: Scope, windowHours: number, now = new Date()) {
  const since = new Date(now.getTime() - windowHours * 3_600_000);
  const policy = serializeSlaPolicy(scope, await slaPolicyRow(db, scope));
  const waiting = await rows<Waiting>(
    db,
    sql`select severity, due_at from cases
         where account_id = ${scope.accountId} and environment = ${scope.environment} and status in ('open', 'in_review')`,
  );
  const opened = await rows<Counted>(
    db,
    sql`select severity, count(*)::int as n from cases
         where account_id = ${scope.accountId} and environment = ${scope.environment} and created_at > ${since}
         group by severity`,
  );
  // A case resolved twice (reopened in between) counts once; the analyst who resolved it cleared it.
  const cleared = await rows<Counted>(
    db,
    sql`select c.severity, count(distinct e.case_id)::int as n, count(distinct e.actor_id)::int as analysts
          from case_events e join cases c on c.id = e.case_id
         where e.account_id = ${scope.accountId} and e.environment = ${scope.environment} and e.created_at > ${since}
           and e.action = 'status_changed' and e.details->>'to' = 'resolved'
         group by c.severity`,
  );
  const [available] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(analysts)
    .where(and(eq(analysts.accountId, scope.accountId), isNull(analysts.disabledAt), eq(analysts.availability, "available")));
  const severities = [...severityLevels].reverse().map((severity) => {
    const inflow = opened.find((o) => o.severity === severity)?.n ?? 0;
    const done = cleared.find((o) => o.severity === severity);
    const dueSeconds = policy.case_due_seconds[severity];
    const f = forecastQueue({
      now,
      dueTimes: waiting.filter((w) => w.severity === severity).map((w) => new Date(w.due_at)),
      inflowPerHour: inflow / windowHours,
      clearedPerHour: (done?.n ?? 0) / windowHours,
      activeAnalysts: done?.analysts ?? 0,
      dueSeconds,
    });
    return {
      object: "severity_forecast" as const,
      severity,
      due_seconds: dueSeconds,
      opened: inflow,
      resolved: done?.n ?? 0,
      analysts_resolving: done?.analysts ?? 0,
      inflow_per_hour: inflow / windowHours,
      cleared_per_hour: (done?.n ?? 0) / windowHours,
      ...f,
      breach_at: isoSeconds(f.breach_at),
    };
  });
  return {
    object: "forecast" as const,
    environment: scope.environment,
    as_of: iso(now),
    window_hours: windowHours,
    analysts_available: available?.n ?? 0,
    data: severities,
  };
}

export type QueueForecastResource = Awaited<ReturnType<typeof queueForecast>>;
