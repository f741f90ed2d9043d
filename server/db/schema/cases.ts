import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";
import { resolutions, severityLevels } from "./alerts";

export const caseTypes = ["payment_fraud", "account_takeover", "identity_fraud", "chargeback", "policy_violation"] as const;
export type CaseType = (typeof caseTypes)[number];
export const caseStatuses = ["open", "in_review", "resolved", "closed"] as const;
export type CaseStatus = (typeof caseStatuses)[number];
export const caseActions = [
  "created",
  "note_added",
  "status_changed",
  "assignee_changed",
  "transactions_linked",
  "severity_changed",
  "alerts_linked",
  "resolution_changed",
  "alerts_resolved",
  "sla_breached",
] as const;
export type CaseAction = (typeof caseActions)[number];

// Investigation cases (server/domain/cases/README.md). `severity_rank` is derived by the database
// (low 1 … critical 4) so the priority queue (severity, then age) is a plain index scan with a
// keyset cursor.
export const cases = pgTable(
  "cases",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    title: text("title").notNull(),
    caseType: text("case_type", { enum: caseTypes }).notNull(),
    status: text("status", { enum: caseStatuses }).notNull().default("open"),
    severity: text("severity", { enum: severityLevels }).notNull().default("medium"),
    severityRank: integer("severity_rank")
      .notNull()
      .generatedAlwaysAs(sql`case severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`),
    /** Linked transactions in the order they were linked, without duplicates. */
    transactionIds: text("transaction_ids").array().notNull().default([]),
    userId: text("user_id"),
    assigneeId: text("assignee_id"),
    /** The first linked alert (an addition), null for a case opened by hand: `alert_ids[0]`. */
    alertId: text("alert_id"),
    /** Linked alerts in the order they were linked, without duplicates. */
    alertIds: text("alert_ids").array().notNull().default([]),
    /** The outcome, while the case is resolved or closed (null otherwise). */
    resolution: text("resolution", { enum: resolutions }),
    /** 1 on create, +1 on every change: `ETag` and `If-Match` (server/README.md, "Versions"). */
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
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    index("cases_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("cases_scope_priority_idx").on(t.accountId, t.environment, t.severityRank, t.createdAt, t.id),
    index("cases_scope_assignee_idx").on(t.accountId, t.environment, t.assigneeId),
    index("cases_scope_user_idx").on(t.accountId, t.environment, t.userId),
    // The queue sorted by due time (sort=due_at, keyset on due_at, id).
    index("cases_scope_due_idx").on(t.accountId, t.environment, t.dueAt, t.id),
    // The SLA sweep: unfinished items past due whose breach is not recorded yet.
    index("cases_sla_pending_idx")
      .on(t.dueAt)
      .where(sql`sla_breached_at is null and status in ('open', 'in_review')`),
    index("cases_alert_ids_idx").using("gin", t.alertIds),
    // One case at a time per alert: a second one while the first is not closed is refused (422),
    // so two analysts (or two clicks) cannot open parallel investigations of one alert.
    uniqueIndex("cases_alert_active_idx")
      .on(t.accountId, t.environment, t.alertId)
      .where(sql`alert_id is not null and status <> 'closed'`),
  ],
);

// The case audit log (a case's `events`): append-only, enforced by a trigger (migration
// "cases_events_immutable"). `details` holds what changed: from/to, the note, the linked ids.
export const caseEvents = pgTable(
  "case_events",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    caseId: text("case_id")
      .notNull()
      .references(() => cases.id),
    action: text("action", { enum: caseActions }).notNull(),
    actorId: text("actor_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * 1, 2, 3… per case in commit order: entries are appended while the case row is locked, so the
     * last entry is always the latest change (created_at is the transaction's start, not its commit).
     */
    seq: integer("seq").notNull(),
    /** What the analyst had on screen for this change, as the console sent it; null for API writes without one. */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>(),
    /** Hex SHA-256 over the entry and the previous entry's hash (server/domain/cases/README.md); null on entries written before hashing. */
    hash: text("hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("case_events_case_seq_idx").on(t.caseId, t.seq),
    // The account's audit-log export reads every case's entries of a period in time order.
    index("case_events_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
  ],
);
