import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { riskModels, riskPolicies, type PolicyRule } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { parseBinTable, type BinTable } from "./bin-table";
import { emptyIpRanges, parseIpRanges, type IpRangeSet } from "./ip-ranges";
import { learnedAdjustments, type Bands, type LabelCounts } from "./model";

export const DEFAULT_BANDS: Bands = { block: 75, challenge: 40 };
/** Spec 6.1: evidence is retained 7 years by default (7 × 365 + 2 leap days). */
export const DEFAULT_RETENTION_DAYS = 2557;

/** Everything the engine needs from an account besides history, compiled for the hot path. */
export type RiskConfig = {
  policyVersion: number;
  modelRevision: number;
  bands: Bands;
  rules: PolicyRule[];
  retentionDays: number;
  binTable: BinTable | null;
  ipRanges: IpRangeSet;
  learned: Record<string, number>;
  counts: LabelCounts;
};

export type PolicyRow = typeof riskPolicies.$inferSelect;

const cache = new Map<string, RiskConfig>();
const keyOf = (s: Scope) => `${s.accountId}\u0000${s.environment}`;

/**
 * The account's compiled configuration. Cached per process; every score reads the current
 * policy version and model revision in its features query, and a mismatch reloads, so a change made
 * through any API process applies to the very next score everywhere (no TTL, no staleness).
 */
export async function riskConfig(db: Db, scope: Scope, versions?: { policyVersion: number; modelRevision: number }): Promise<RiskConfig> {
  const hit = cache.get(keyOf(scope));
  if (hit && versions && hit.policyVersion === versions.policyVersion && hit.modelRevision === versions.modelRevision) return hit;
  const [policy] = await db
    .select()
    .from(riskPolicies)
    .where(and(eq(riskPolicies.accountId, scope.accountId), eq(riskPolicies.environment, scope.environment)));
  const [model] = await db
    .select()
    .from(riskModels)
    .where(and(eq(riskModels.accountId, scope.accountId), eq(riskModels.environment, scope.environment)));
  // Reuse the compiled tables when only the model moved: parsing a large BIN table is not free.
  const sameTables = hit && hit.policyVersion === (policy?.version ?? 0);
  const config: RiskConfig = {
    policyVersion: policy?.version ?? 0,
    modelRevision: model?.revision ?? 0,
    bands: policy ? { block: policy.blockThreshold, challenge: policy.challengeThreshold } : DEFAULT_BANDS,
    rules: policy?.rules ?? [],
    retentionDays: policy?.retentionDays ?? DEFAULT_RETENTION_DAYS,
    binTable: sameTables ? hit.binTable : policy?.binTableCsv ? safe(() => parseBinTable(policy.binTableCsv as string), null) : null,
    ipRanges: sameTables
      ? hit.ipRanges
      : policy?.ipRangesCsv
        ? safe(() => parseIpRanges(policy.ipRangesCsv as string), emptyIpRanges)
        : emptyIpRanges,
    learned: learnedAdjustments(model?.counts ?? {}),
    counts: model?.counts ?? {},
  };
  cache.set(keyOf(scope), config);
  return config;
}

// Stored tables were validated on upload; a table that no longer parses (a stricter parser after
// an upgrade) must not take scoring down, so it degrades to "no table".
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** Drops this process's cached copy (the writer calls it; other processes notice the version). */
export function forgetRiskConfig(scope: Scope): void {
  cache.delete(keyOf(scope));
}

export async function policyRow(db: Db, scope: Scope): Promise<PolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(riskPolicies)
    .where(and(eq(riskPolicies.accountId, scope.accountId), eq(riskPolicies.environment, scope.environment)));
  return row;
}
