import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { scopeColumns } from "./columns";
import { resolutions } from "./alerts";

// Blind second review (server/domain/quality/README.md): the share of resolved cases drawn, per
// account and environment; version 0 while the account uses the default.
export const qualityReviewPolicies = pgTable(
  "quality_review_policies",
  {
    ...scopeColumns,
    sampleRate: doublePrecision("sample_rate").notNull().default(0.05),
    version: integer("version").notNull().default(0),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);

export const qualityReviewStatuses = ["pending", "completed"] as const;
export type QualityReviewStatus = (typeof qualityReviewStatuses)[number];

export const qualityReviews = pgTable(
  "quality_reviews",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    caseId: text("case_id").notNull(),
    /** Who resolved the case (the resolving request's actor). */
    firstAnalystId: text("first_analyst_id").notNull(),
    firstResolution: text("first_resolution", { enum: resolutions }).notNull(),
    /** The audit seq of the case's resolving entry: entries from it on are hidden while the review is blind. */
    resolvedSeq: integer("resolved_seq").notNull(),
    secondAnalystId: text("second_analyst_id"),
    secondResolution: text("second_resolution", { enum: resolutions }),
    secondNotes: text("second_notes"),
    agreed: boolean("agreed"),
    status: text("status", { enum: qualityReviewStatuses }).notNull().default("pending"),
    drawnAt: timestamp("drawn_at", { withTimezone: true, mode: "date" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // Exactly one review per case, whoever resolves it and however often.
    uniqueIndex("quality_reviews_case_idx").on(t.caseId),
    index("quality_reviews_queue_idx").on(t.accountId, t.environment, t.status, t.drawnAt, t.id),
    index("quality_reviews_report_idx").on(t.accountId, t.environment, t.completedAt),
  ],
);
