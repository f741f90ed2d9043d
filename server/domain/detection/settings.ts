import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assertVersion } from "../../core/version-conflict";
import { detectionSettings } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { isoSeconds } from "../../core/time";

// The detection thresholds (README.md, "Detectors and default thresholds") and their per-account
// overrides. Every number here is documented in README.md; the route validates the ranges.

export const DEFAULT_THRESHOLDS = {
  card_testing: {
    enabled: true,
    /** Distinct cards (BIN + last four) from one IP or one device… */
    distinct_cards: 10,
    /** …within this many minutes. */
    window_minutes: 10,
    /** An attempt is "small" at or below this amount, in minor units of its currency. */
    small_amount: 1000,
    /** "Mostly small": at least this share of the window's attempts are small. */
    small_share: 0.7,
  },
  velocity_spike: {
    enabled: true,
    /** Live scores for one user or one card… */
    scores: 20,
    /** …within this many minutes (also the account-wide window). */
    window_minutes: 5,
    /** Account-wide: the window's volume is at least this multiple of the hourly baseline… */
    account_multiplier: 3,
    /** …and at least this many scores. */
    account_min_scores: 100,
  },
  new_device_cluster: {
    enabled: true,
    /** Distinct users on one new device or IP… */
    distinct_users: 5,
    /** …within this many minutes. */
    window_minutes: 60,
    /** A device or IP is new when first seen on the account at most this many hours before. */
    new_within_hours: 24,
  },
  ato_pattern: {
    enabled: true,
    /** Distinct users with a takeover sequence… */
    users: 3,
    /** …each: account_change session from a new device, then within this many minutes… */
    follow_minutes: 60,
    /** …a live score of at least this multiple of the user's average amount; */
    amount_multiplier: 3,
    /** the users' sequences completed within this many hours of each other. */
    window_hours: 24,
  },
  identity_abuse: {
    enabled: true,
    /** One document number, phone or normalised address used by at least this many user ids. */
    user_ids: 3,
  },
};

export type DetectionThresholds = typeof DEFAULT_THRESHOLDS;
export type DetectorName = keyof DetectionThresholds;
export type ThresholdOverrides = { [D in DetectorName]?: Partial<DetectionThresholds[D]> };
export const detectorNames = Object.keys(DEFAULT_THRESHOLDS) as DetectorName[];

/** Defaults with the overrides laid over them; unknown detectors or fields are ignored. */
export function mergeThresholds(
  overrides: ThresholdOverrides | Record<string, Record<string, unknown>> | null | undefined,
): DetectionThresholds {
  const out = structuredClone(DEFAULT_THRESHOLDS) as DetectionThresholds;
  for (const name of detectorNames) {
    const over = (overrides as Record<string, Record<string, unknown>> | undefined)?.[name];
    if (!over) continue;
    const target = out[name] as Record<string, unknown>;
    for (const [field, value] of Object.entries(over)) {
      if (field in target && typeof value === typeof target[field]) target[field] = value;
    }
  }
  return out;
}

export type SettingsRow = typeof detectionSettings.$inferSelect;

export async function settingsRow(db: Db, scope: Scope): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(detectionSettings).where(inScope(detectionSettings, scope));
  return row;
}

/** The thresholds in force for an account and environment. */
export async function loadThresholds(db: Db, scope: Scope): Promise<DetectionThresholds> {
  return mergeThresholds((await settingsRow(db, scope))?.overrides);
}

/** The resource of GET/PUT /api/v1/policies/detection. */
export function serializeDetectionPolicy(scope: Scope, row: SettingsRow | undefined) {
  return {
    object: "detection_policy" as const,
    environment: scope.environment,
    detectors: mergeThresholds(row?.overrides),
    defaults: DEFAULT_THRESHOLDS,
    overrides: (row?.overrides ?? {}) as ThresholdOverrides,
    version: row?.version ?? 0,
    updated_at: isoSeconds(row?.updatedAt ?? null),
    updated_by: row?.updatedBy ?? null,
  };
}

/**
 * Replaces the account's overrides (PUT semantics: what is not sent takes the default). Only the
 * fields that differ from the defaults are stored, so a later change of a default reaches every
 * account that never chose otherwise.
 */
export async function replaceThresholds(db: Db, scope: Scope, overrides: ThresholdOverrides, analystId: string, expectedVersion?: number) {
  const effective = mergeThresholds(overrides);
  const stored: Record<string, Record<string, unknown>> = {};
  for (const name of detectorNames) {
    const diff: Record<string, unknown> = {};
    const eff = effective[name] as Record<string, unknown>;
    const def = DEFAULT_THRESHOLDS[name] as Record<string, unknown>;
    for (const field of Object.keys(def)) if (eff[field] !== def[field]) diff[field] = eff[field];
    if (Object.keys(diff).length > 0) stored[name] = diff;
  }
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // One writer at a time per account and environment (the first change has no row to lock), so
    // If-Match compares with the version this write replaces.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`detection_settings:${scope.accountId}:${scope.environment}`}))`);
    if (expectedVersion !== undefined) assertVersion("detection policy", (await settingsRow(tx, scope))?.version ?? 0, expectedVersion);
    const [written] = await tx
      .insert(detectionSettings)
      .values({ ...scope, overrides: stored, version: 1, updatedBy: analystId })
      .onConflictDoUpdate({
        target: [detectionSettings.accountId, detectionSettings.environment],
        set: { overrides: stored, version: sql`${detectionSettings.version} + 1`, updatedBy: analystId, updatedAt: sql`now()` },
      })
      .returning();
    return written;
  });
  return serializeDetectionPolicy(scope, row);
}
