import { bigint, bigserial, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

// Tables of the detection engine (server/domain/detection). None of them is part of the API.

export const detectionSources = ["transaction", "device_session", "identity_verification"] as const;
export type DetectionSource = (typeof detectionSources)[number];

// Live writes waiting to be evaluated. A row is written in the transaction of the write itself
// (enqueueDetection), so it exists exactly when the write committed. The evaluation job claims rows
// — on PostgreSQL with FOR UPDATE SKIP LOCKED in its transaction, on the embedded database in the
// memory of the one process that owns it (so its reads hold no transaction) — and deletes the rows
// it still holds in the transaction that raises their alerts. That is what makes "every live write
// evaluated exactly once" hold with concurrent writers and several runners; a created_at watermark
// cannot, because rows commit out of created_at order.
export const detectionInbox = pgTable(
  "detection_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...scopeColumns,
    source: text("source", { enum: detectionSources }).notNull(),
    rowId: text("row_id").notNull(),
    createdAt: createdAt(),
  },
  // No index besides the key: the table only ever holds the few seconds of writes not evaluated
  // yet, and each row is added once, by the write that created its (fresh) id. Two indexes here
  // ((source, row_id) unique, and (account, environment, id)) cost ~15 % of the embedded
  // database's score throughput (migration 0020).
);

// Live scores per account and 10-second bucket, counted by the evaluation job as it consumes the
// inbox (each score exactly once). The account-wide velocity detector reads its 5-minute volume
// and hourly baseline from ≤ 390 of these rows instead of counting hundreds of thousands of
// transactions per evaluation. Buckets older than the baseline horizon are purged by the job.
export const detectionVolume = pgTable(
  "detection_volume",
  {
    ...scopeColumns,
    bucket: timestamp("bucket", { withTimezone: true, mode: "date" }).notNull(),
    scores: integer("scores").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment, t.bucket] })],
);

// One row per live score that completed an account-takeover sequence (an account_change session
// from a device new to the user, then within the follow-up window a score ≥ N× the user's average).
// The ato_pattern detector counts distinct users over these rows.
export const detectionAtoHits = pgTable(
  "detection_ato_hits",
  {
    ...scopeColumns,
    transactionId: text("transaction_id").notNull(),
    userId: text("user_id").notNull(),
    sessionId: text("session_id").notNull(),
    deviceId: text("device_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    averageAmount: doublePrecision("average_amount").notNull(),
    /** The score's time (not the time the hit was found). */
    scoredAt: timestamp("scored_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.environment, t.transactionId] }),
    index("detection_ato_hits_time_idx").on(t.accountId, t.environment, t.scoredAt),
  ],
);

// Per-account (and environment) overrides of the detection thresholds, edited through
// /api/v1/policies/detection. Absent row = the documented defaults.
export const detectionSettings = pgTable(
  "detection_settings",
  {
    ...scopeColumns,
    /** The overrides as sent, per detector; missing fields take the defaults. */
    overrides: jsonb("overrides").$type<Record<string, Record<string, unknown>>>().notNull(),
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);
