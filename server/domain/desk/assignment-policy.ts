import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts, assignmentPolicies, type AssignmentMode, type AssignmentRule } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { ApiError } from "../../core/errors";
import { assertVersion } from "../../core/version-conflict";
import { isoSeconds } from "../../core/time";

export type AssignmentPolicyRow = typeof assignmentPolicies.$inferSelect;
export type AssignmentPolicyInput = { mode: AssignmentMode; rules: AssignmentRule[] };

export async function assignmentPolicyRow(db: Db, scope: Scope): Promise<AssignmentPolicyRow | undefined> {
  const [row] = await db.select().from(assignmentPolicies).where(inScope(assignmentPolicies, scope));
  return row;
}

/** GET /api/v1/policies/assignment: manual, version 0, while the account never changed it. */
export function serializeAssignmentPolicy(scope: Scope, row: AssignmentPolicyRow | undefined) {
  return {
    object: "assignment_policy" as const,
    environment: scope.environment,
    mode: row?.mode ?? ("manual" as AssignmentMode),
    rules: row?.rules ?? [],
    version: row?.version ?? 0,
    updated_at: isoSeconds(row?.updatedAt ?? null),
    updated_by: row?.updatedBy ?? null,
  };
}

export type AssignmentPolicyResource = ReturnType<typeof serializeAssignmentPolicy>;

/**
 * Every analyst a rule names must be an enabled analyst of this account: the first that is not is
 * 400 naming its place (`rules.0.analyst_ids.1`), so nothing is stored that could never assign.
 */
async function assertAnalysts(db: Db, accountId: string, rules: AssignmentRule[]): Promise<void> {
  const named = [...new Set(rules.flatMap((r) => r.analyst_ids))];
  if (named.length === 0) return;
  const found = await db
    .select({ id: analysts.id, disabledAt: analysts.disabledAt })
    .from(analysts)
    .where(and(eq(analysts.accountId, accountId), inArray(analysts.id, named)));
  const state = new Map(found.map((a) => [a.id, a.disabledAt ? "disabled" : "enabled"]));
  rules.forEach((rule, i) =>
    rule.analyst_ids.forEach((id, j) => {
      const s = state.get(id);
      if (s === "enabled") return;
      const why = s === "disabled" ? `Analyst ${id} is disabled.` : `No analyst ${id} in this account.`;
      throw new ApiError("invalid_field_value", `${why} A rule names enabled analysts of the account.`, `rules.${i}.analyst_ids.${j}`);
    }),
  );
}

/**
 * PUT /api/v1/policies/assignment: replaces the mode and the rules. Two leads at once: the advisory
 * lock orders them and If-Match refuses the one that read an older version (nothing changed).
 */
export async function replaceAssignmentPolicy(
  db: Db,
  scope: Scope,
  input: AssignmentPolicyInput,
  opts: { analystId: string; expectedVersion?: number },
): Promise<AssignmentPolicyResource> {
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assignment_policies:${scope.accountId}:${scope.environment}`}))`);
    if (opts.expectedVersion !== undefined)
      assertVersion("assignment policy", (await assignmentPolicyRow(tx, scope))?.version ?? 0, opts.expectedVersion);
    await assertAnalysts(tx, scope.accountId, input.rules);
    const values = { mode: input.mode, rules: input.rules, updatedBy: opts.analystId };
    const [written] = await tx
      .insert(assignmentPolicies)
      .values({ ...scope, ...values, version: 1 })
      .onConflictDoUpdate({
        target: [assignmentPolicies.accountId, assignmentPolicies.environment],
        set: { ...values, version: sql`${assignmentPolicies.version} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    return written!;
  });
  return serializeAssignmentPolicy(scope, row);
}
