import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { riskPolicies, type PolicyRule } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { ApiError } from "../../core/errors";
import { newId } from "../../core/ids";
import { assertVersion } from "../../core/version-conflict";
import { isoSeconds } from "../../core/time";
import { defaultBinTable, parseBinTable } from "./bin-table";
import { CsvError } from "./csv-lines";
import { parseIpRanges } from "./ip-ranges";
import { DEFAULT_BANDS, DEFAULT_RETENTION_DAYS, forgetRiskConfig, policyRow, type PolicyRow } from "./policies";

export type PolicyPatch = {
  score_bands?: { block: number; challenge: number };
  rules?: (Omit<PolicyRule, "id" | "enabled"> & { id?: string; enabled?: boolean })[];
  retention_days?: number;
  ip_ranges_csv?: string | null;
  bin_table_csv?: string | null;
};

function countRows(parse: () => { size: number }, param: string): number {
  try {
    return parse().size;
  } catch (err) {
    if (err instanceof CsvError) throw new ApiError("invalid_field_value", `${param}: ${err.message}.`, param);
    throw err;
  }
}

/** The policy resource of /api/v1/policies (defaults when the account never changed anything). */
export function serializePolicy(scope: Scope, row: PolicyRow | undefined) {
  const ipCsv = row?.ipRangesCsv ?? null;
  const binCsv = row?.binTableCsv ?? null;
  return {
    object: "policy" as const,
    environment: scope.environment,
    score_bands: row ? { block: row.blockThreshold, challenge: row.challengeThreshold } : DEFAULT_BANDS,
    rules: row?.rules ?? [],
    retention_days: row?.retentionDays ?? DEFAULT_RETENTION_DAYS,
    ip_ranges_csv: ipCsv,
    ip_ranges_count: ipCsv ? countRows(() => parseIpRanges(ipCsv), "ip_ranges_csv") : 0,
    bin_table: (binCsv ? "custom" : "default") as "custom" | "default",
    bin_table_csv: binCsv,
    bin_table_rows: binCsv ? countRows(() => parseBinTable(binCsv), "bin_table_csv") : defaultBinTable().size,
    version: row?.version ?? 0,
    updated_at: isoSeconds(row?.updatedAt ?? null),
    updated_by: row?.updatedBy ?? null,
  };
}

/**
 * Rules as a policy stores them: a rule without an id gets one (`rule_…`), `enabled` defaults to
 * true; two rules with one id are 400 naming the second. Policy writes and backtest drafts use it.
 */
export function completeRules(input: NonNullable<PolicyPatch["rules"]>, param = "rules"): PolicyRule[] {
  const rules = input.map((r) => ({ id: r.id ?? newId("rule"), name: r.name, enabled: r.enabled ?? true, action: r.action, when: r.when }));
  const ids = new Set<string>();
  rules.forEach((r, i) => {
    if (ids.has(r.id)) throw new ApiError("invalid_field_value", `${param}.${i}.id: duplicate rule id ${r.id}.`, `${param}.${i}.id`);
    ids.add(r.id);
  });
  return rules;
}

/**
 * Applies a change to the account's policies (PUT replaces, PATCH merges; the route decides what
 * it passes). Validates the CSV tables by parsing them, gives new rules an id, and bumps the
 * version so every API process reloads its cached copy on its next score.
 */
export async function updatePolicy(
  db: Db,
  scope: Scope,
  patch: PolicyPatch,
  opts: { replace: boolean; analystId: string; /** If-Match; 0 = never changed (the defaults). */ expectedVersion?: number },
) {
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // A PATCH merges into what it reads, so two at once must not both read the same version (the
    // second would write back the first's fields as they were). A row lock would not cover the
    // account's first change, when there is no row yet; a lock on the account's policy key does.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`risk_policies:${scope.accountId}:${scope.environment}`}))`);
    if (opts.expectedVersion !== undefined) assertVersion("score policy", (await policyRow(tx, scope))?.version ?? 0, opts.expectedVersion);
    return writePolicy(tx, scope, patch, opts);
  });
  forgetRiskConfig(scope);
  return serializePolicy(scope, row);
}

async function writePolicy(db: Db, scope: Scope, patch: PolicyPatch, opts: { replace: boolean; analystId: string }) {
  const current = opts.replace ? undefined : await policyRow(db, scope);
  if (patch.ip_ranges_csv) countRows(() => parseIpRanges(patch.ip_ranges_csv as string), "ip_ranges_csv");
  if (patch.bin_table_csv) countRows(() => parseBinTable(patch.bin_table_csv as string), "bin_table_csv");
  const bands = patch.score_bands ?? (current ? { block: current.blockThreshold, challenge: current.challengeThreshold } : DEFAULT_BANDS);
  const rules: PolicyRule[] = patch.rules ? completeRules(patch.rules) : (current?.rules ?? []);
  const values = {
    blockThreshold: bands.block,
    challengeThreshold: bands.challenge,
    rules,
    retentionDays: patch.retention_days ?? current?.retentionDays ?? DEFAULT_RETENTION_DAYS,
    ipRangesCsv: patch.ip_ranges_csv !== undefined ? patch.ip_ranges_csv || null : (current?.ipRangesCsv ?? null),
    binTableCsv: patch.bin_table_csv !== undefined ? patch.bin_table_csv || null : (current?.binTableCsv ?? null),
    updatedBy: opts.analystId,
  };
  const [row] = await db
    .insert(riskPolicies)
    .values({ ...scope, ...values, version: 1 })
    .onConflictDoUpdate({
      target: [riskPolicies.accountId, riskPolicies.environment],
      set: { ...values, version: sql`${riskPolicies.version} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  return row as PolicyRow;
}
