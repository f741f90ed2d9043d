import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export type RuleAction = "allow" | "challenge" | "block";
export type RuleConditions = {
  signals_all?: string[];
  signals_any?: string[];
  score_gte?: number;
  amount_gte?: number;
  payment_method_types?: string[];
  currencies?: string[];
  merchant_ids?: string[];
  merchant_categories?: string[];
};
export type PolicyRule = { id: string; name: string; enabled: boolean; action: RuleAction; when: RuleConditions };
export type IpRange = { cidr: string; category: string };

// One row per account and environment; absent = the defaults (block >= 75, challenge >= 40, no
// rules, 7-year retention, no proxy ranges, the shipped BIN table). `version` grows on every change,
// which is how every API process notices that its cached copy is stale.
export const riskPolicies = pgTable(
  "risk_policies",
  {
    ...scopeColumns,
    blockThreshold: integer("block_threshold").notNull(),
    challengeThreshold: integer("challenge_threshold").notNull(),
    rules: jsonb("rules").$type<PolicyRule[]>().notNull().default([]),
    retentionDays: integer("retention_days").notNull(),
    /** The proxy / Tor / hosting ranges CSV as uploaded (`cidr,category`). */
    ipRangesCsv: text("ip_ranges_csv"),
    /** A replacement BIN table CSV; null = the shipped table. */
    binTableCsv: text("bin_table_csv"),
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);

// What labels taught the account's model: per signal, how many labelled transactions carrying it
// are currently `fraud` and how many `legit` (see server/domain/scoring/README.md, "Learning").
export const riskModels = pgTable(
  "risk_models",
  {
    ...scopeColumns,
    revision: integer("revision").notNull().default(0),
    counts: jsonb("counts").$type<Record<string, { fraud: number; legit: number }>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);
