import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export const alertTypes = ["velocity_spike", "new_device_cluster", "ato_pattern", "card_testing", "identity_abuse"] as const;
export type AlertType = (typeof alertTypes)[number];
export const alertStatuses = ["open", "acknowledged", "resolved"] as const;
export type AlertStatus = (typeof alertStatuses)[number];
/** The outcome recorded when a case or an alert is resolved. */
export const resolutions = ["confirmed_fraud", "false_positive", "inconclusive"] as const;
export type Resolution = (typeof resolutions)[number];
/** Entries of an alert's history (its review, not the hits the engine folds in). */
export const alertActions = ["status_changed", "resolution_changed", "notes_changed", "case_linked", "sla_breached"] as const;
export type AlertAction = (typeof alertActions)[number];
/** Severity of alerts and cases, lowest first. */
export const severityLevels = ["low", "medium", "high", "critical"] as const;
export type SeverityLevel = (typeof severityLevels)[number];

const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .default(sql`date_trunc('milliseconds', now())`);

// Alerts raised by the detection engine (server/domain/alerts/README.md). `key` groups hits of one
// pattern (the IP, the device, the user, the card, or the account): while an alert of a type and
// key is open, new hits fold into it. The partial unique index makes that true under concurrency,
// not just usually. `severity_rank` is derived by the database (low 1 … critical 4), as on cases,
// so the queue sorted by severity (then oldest first) is an index scan with a keyset cursor.
export const alerts = pgTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    alertType: text("alert_type").notNull(),
    key: text("key").notNull(),
    status: text("status", { enum: alertStatuses }).notNull().default("open"),
    severity: text("severity", { enum: severityLevels }).notNull(),
    severityRank: integer("severity_rank")
      .notNull()
      .generatedAlwaysAs(sql`case severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`),
    /** The highest confidence (0–1) any hit reported. */
    confidence: doublePrecision("confidence").notNull(),
    affectedUsers: bigint("affected_users", { mode: "number" }).notNull().default(0),
    affectedTransactions: bigint("affected_transactions", { mode: "number" }).notNull().default(0),
    /** Sum of the member transactions' amounts in `exposure_currency` (minor units). */
    exposureAmount: bigint("exposure_amount", { mode: "number" }).notNull().default(0),
    exposureCurrency: text("exposure_currency"),
    summary: text("summary").notNull(),
    evidence: jsonb("evidence").$type<Record<string, unknown>>(),
    resolutionNotes: text("resolution_notes"),
    /** The outcome, while the alert is resolved (null otherwise). */
    resolution: text("resolution", { enum: resolutions }),
    /** The case the alert was last linked to; at most one case that is not closed holds an alert. */
    caseId: text("case_id"),
    /**
     * 1 on create, +1 on every change of the review state (status, notes). Hits folded in by the
     * engine do not count: a busy alert folds hits every second and would refuse every If-Match.
     */
    version: integer("version").notNull().default(1),
    /**
     * Set by the database (trigger argus_sla_due_at, migration 0029_lead_desk): created_at plus the SLA
     * policy's due time for the severity; the default is never kept. See server/domain/sla/README.md.
     */
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    /** When the SLA sweep recorded the breach (its event and webhook were written with it, once). */
    slaBreachedAt: timestamp("sla_breached_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("alerts_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("alerts_scope_status_idx").on(t.accountId, t.environment, t.status, t.createdAt),
    // GET /v1/alerts?sort=severity. The queue filters on status (default `open`), so status leads
    // as in the index above; the rank is descending so the order (rank desc, created_at, id) is a
    // plain forward scan with no sort step (NULLS FIRST is what `order by … desc` means; the planner
    // matches it even though the column is never null). `status=all` sorts the scope's rows instead.
    index("alerts_scope_status_severity_idx").on(
      t.accountId,
      t.environment,
      t.status,
      t.severityRank.desc().nullsFirst(),
      t.createdAt,
      t.id,
    ),
    index("alerts_scope_case_idx").on(t.accountId, t.environment, t.caseId),
    // The queue sorted by due time (sort=due_at, keyset on due_at, id).
    index("alerts_scope_due_idx").on(t.accountId, t.environment, t.dueAt, t.id),
    // The SLA sweep: unfinished items past due whose breach is not recorded yet.
    index("alerts_sla_pending_idx")
      .on(t.dueAt)
      .where(sql`sla_breached_at is null and status in ('open', 'acknowledged')`),
    // The link graph flags an entity whose id is an alert's key (`ip:…`, `device:…`).
    index("alerts_scope_key_idx").on(t.accountId, t.environment, t.key),
    uniqueIndex("alerts_open_key_idx")
      .on(t.accountId, t.environment, t.alertType, t.key)
      .where(sql`status = 'open'`),
  ],
);

// Who and what is behind an alert: one row per distinct user and transaction, so folding hits
// recounts without double counting, and GET /v1/alerts?user_id= finds alerts by affected user.
export const alertUsers = pgTable(
  "alert_users",
  {
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    ...scopeColumns,
    userId: text("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index("alert_users_user_idx").on(t.accountId, t.environment, t.userId)],
);

export const alertTransactions = pgTable(
  "alert_transactions",
  {
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    ...scopeColumns,
    transactionId: text("transaction_id").notNull(),
    // The member's device, card key and client address, copied when it joins (a transaction's are
    // never changed; null when it is not in the alert's scope): clusters read them with the member
    // instead of probing `transactions` once per member (domain/alerts/clusters.ts).
    deviceId: text("device_id"),
    cardKey: text("card_key"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.transactionId] })],
);

// The running sum of the member transactions' amounts per currency, kept as members join: folding
// a hit then costs what its new members cost, not a recount of every member (an alert on a busy
// shared address, left open for a day, gathers hundreds of thousands and is folded several times a
// second). The alert's exposure is the currency that weighs most here.
export const alertExposure = pgTable(
  "alert_exposure",
  {
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.currency] })],
);

// An alert's history: one entry per change of its review (status, resolution, notes, the case it
// joined), numbered 1, 2, 3… per alert while the alert row is locked, so the last entry is the
// latest change, as in a case's audit log. Append-only, enforced by a trigger (migration 0022).
export const alertEvents = pgTable(
  "alert_events",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id),
    action: text("action", { enum: alertActions }).notNull(),
    actorId: text("actor_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    seq: integer("seq").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("alert_events_alert_seq_idx").on(t.alertId, t.seq)],
);
