import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { analysts, assignmentPolicies, cases, type AssignmentRule } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import type { JobQueue } from "../../jobs/queue";
import { emitWebhookEvent } from "../webhooks";
import { appendEntries as append } from "./chain";
import { loadCaseResource, type CaseRow } from "./serialize";

export const AUTO_ASSIGN_JOB = "cases.auto_assign";
/** The actor of the audit entry an automatic assignment writes. */
export const AUTO_ASSIGN_ACTOR = "system:auto_assign";

async function policyOf(db: Db, scope: Scope) {
  const [row] = await db
    .select({ mode: assignmentPolicies.mode, rules: assignmentPolicies.rules })
    .from(assignmentPolicies)
    .where(inScope(assignmentPolicies, scope));
  return row;
}

/**
 * Called in the transaction that creates an unassigned case: in `auto` mode, queues the durable job
 * that assigns it, so the job exists exactly when the case does.
 */
export async function queueAutoAssignment(db: Db, jobs: JobQueue, scope: Scope, caseId: string): Promise<void> {
  if ((await policyOf(db, scope))?.mode !== "auto") return;
  await jobs.enqueue(db, AUTO_ASSIGN_JOB, { case_id: caseId, account_id: scope.accountId, environment: scope.environment });
}

/** The first rule whose case types and severities (null = any) match the case. */
export function matchingRule(rules: AssignmentRule[], c: Pick<CaseRow, "caseType" | "severity">): AssignmentRule | undefined {
  return rules.find((r) => (!r.case_types || r.case_types.includes(c.caseType)) && (!r.severities || r.severities.includes(c.severity)));
}

/**
 * The job: gives the case to the active analyst (enabled, `available`) with the fewest open and
 * in-review cases, ties to the smaller id; among a matching rule's analysts, else among the
 * account's analysts of role `analyst`. The case row is locked, and assigned only while it is
 * still open and unassigned: a manual claim or reassignment that got there first wins, and the job
 * then changes nothing. Jobs of one scope take turns (an advisory lock), so two new cases do not
 * both go to the same analyst on the same stale count. No candidate: the case stays unassigned.
 */
export async function autoAssignCase(db: Db, jobs: JobQueue, scope: Scope, caseId: string): Promise<string | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auto_assign:${scope.accountId}:${scope.environment}`}))`);
    const policy = await policyOf(tx, scope);
    if (policy?.mode !== "auto") return null;
    const [row] = await tx
      .select()
      .from(cases)
      .where(inScope(cases, scope, eq(cases.id, caseId)))
      .for("update");
    if (!row || row.status !== "open" || row.assigneeId !== null) return null;
    const rule = matchingRule(policy.rules, row);
    const pool = await tx
      .select({ id: analysts.id })
      .from(analysts)
      .where(
        and(
          eq(analysts.accountId, scope.accountId),
          isNull(analysts.disabledAt),
          eq(analysts.availability, "available"),
          rule ? inArray(analysts.id, rule.analyst_ids.length > 0 ? rule.analyst_ids : [""]) : eq(analysts.role, "analyst"),
        ),
      );
    if (pool.length === 0) return null;
    const ids = pool.map((p) => p.id);
    const loads = await rows<{ assignee_id: string; n: number }>(
      tx,
      sql`select assignee_id, count(*)::int as n from cases
           where account_id = ${scope.accountId} and environment = ${scope.environment}
             and status in ('open', 'in_review') and assignee_id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})
           group by assignee_id`,
    );
    const load = new Map(loads.map((l) => [l.assignee_id, l.n]));
    const chosen = [...ids].sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0))[0]!;
    const [updated] = await tx
      .update(cases)
      .set({
        assigneeId: chosen,
        version: sql`${cases.version} + 1`,
        updatedAt: sql`greatest(date_trunc('milliseconds', now()), ${cases.updatedAt})`,
      })
      .where(and(eq(cases.id, row.id), eq(cases.status, "open"), isNull(cases.assigneeId)))
      .returning();
    if (!updated) return null;
    await append(tx, scope, row.id, AUTO_ASSIGN_ACTOR, [
      { action: "assignee_changed", details: { from: null, to: chosen, reason: "auto_assignment" } },
    ]);
    await emitWebhookEvent(tx, jobs, scope, "case.updated", await loadCaseResource(tx, updated as CaseRow));
    return chosen;
  });
}
