import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";
import type { PolicyRule } from "./risk-policies";

export const backtestStatuses = ["queued", "running", "succeeded", "failed"] as const;
export type BacktestStatus = (typeof backtestStatuses)[number];

/** The draft a backtest replays: the score bands and rules of a policy, as a policy write takes them. */
export type BacktestDraft = { score_bands: { block: number; challenge: number }; rules: PolicyRule[] };

// A policy backtest (server/domain/backtest): a draft replayed over the stored live scores of a
// period by a durable job. The job keeps its keyset cursor and running tallies here, written with
// its progress in one statement per batch, so a job taken over after a crash resumes where the
// last committed batch ended instead of counting anything twice.
export const backtests = pgTable(
  "backtests",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    status: text("status", { enum: backtestStatuses }).notNull().default("queued"),
    periodStart: timestamp("period_start", { withTimezone: true, mode: "date" }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true, mode: "date" }).notNull(),
    /** Scores created after the request are not read, even when the period reaches into the future. */
    readUntil: timestamp("read_until", { withTimezone: true, mode: "date" }).notNull(),
    draft: jsonb("draft").$type<BacktestDraft>().notNull(),
    /** Scores in the period, counted when the job starts (null before). */
    total: integer("total"),
    scanned: integer("scanned").notNull().default(0),
    cursorAt: timestamp("cursor_at", { withTimezone: true, mode: "date" }),
    cursorId: text("cursor_id"),
    /** The tallies so far (final once succeeded); the domain owns its shape. */
    tallies: jsonb("tallies").$type<Record<string, unknown>>(),
    error: text("error"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("backtests_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id)],
);
