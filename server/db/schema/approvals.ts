import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

// Four-eyes (server/domain/approvals/README.md): which actions need a second person, per account
// and environment, and the approvals those actions wait on.
export const approvalPolicies = pgTable(
  "approval_policies",
  {
    ...scopeColumns,
    /** Resolving a case as false_positive needs approval when its exposure is at least this (minor units); null: never. */
    caseFalsePositiveMinExposure: integer("case_false_positive_min_exposure"),
    /** A watchlist review recorded as true_match or false_positive needs approval. */
    screeningReview: boolean("screening_review").notNull().default(false),
    /** Publishing a score policy (its bands or rules) needs approval. */
    scorePolicyPublish: boolean("score_policy_publish").notNull().default(false),
    version: integer("version").notNull().default(0),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);

export const approvalActions = ["case_resolution", "screening_review", "score_policy_publish"] as const;
export type ApprovalAction = (typeof approvalActions)[number];
export const approvalStatuses = ["pending", "approved", "rejected", "failed"] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const approvals = pgTable(
  "approvals",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    action: text("action", { enum: approvalActions }).notNull(),
    /** The case, screening or policy (`score`) the action changes. */
    objectId: text("object_id").notNull(),
    /** The object's version the maker saw; approving applies the request only to that version. */
    objectVersion: integer("object_version"),
    /** The maker's request, applied as sent when approved. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    makerId: text("maker_id").notNull(),
    status: text("status", { enum: approvalStatuses }).notNull().default("pending"),
    deciderId: text("decider_id"),
    reason: text("reason"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("approvals_scope_status_idx").on(t.accountId, t.environment, t.status, t.createdAt, t.id)],
);
