import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { riskModels } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { BASE_KEY, type LabelCounts } from "../scoring";

type Label = "fraud" | "legit";

/**
 * Moves one transaction between the label counts of the account's model: out of `from` (its old
 * label, if any) and into `to`, for every signal it carried and for the base. Runs in the
 * decision's transaction; the row lock serialises concurrent labelling on PostgreSQL. The revision
 * grows, which every process's scoring cache notices on its next score.
 */
export async function relabel(db: Db, scope: Scope, signals: string[], from: Label | null, to: Label): Promise<number> {
  if (from === to) return -1;
  await db.insert(riskModels).values({ accountId: scope.accountId, environment: scope.environment }).onConflictDoNothing();
  const [model] = await db
    .select()
    .from(riskModels)
    .where(and(eq(riskModels.accountId, scope.accountId), eq(riskModels.environment, scope.environment)))
    .for("update");
  const counts: LabelCounts = structuredClone(model?.counts ?? {});
  for (const name of [BASE_KEY, ...new Set(signals)]) {
    const c = (counts[name] ??= { fraud: 0, legit: 0 });
    if (from) c[from] = Math.max(0, c[from] - 1);
    c[to] += 1;
  }
  const [updated] = await db
    .update(riskModels)
    .set({ counts, revision: sql`${riskModels.revision} + 1`, updatedAt: sql`now()` })
    .where(and(eq(riskModels.accountId, scope.accountId), eq(riskModels.environment, scope.environment)))
    .returning({ revision: riskModels.revision });
  return updated?.revision ?? 0;
}
