import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export const verificationStatuses = ["pending", "verified", "failed", "flagged"] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
export type CheckStatus = "pass" | "pending" | "fail";
export type StoredCheck = { name: string; status: CheckStatus; detail: string };

// KYC/KYB verification records (server/domain/identity/README.md). The submitted identity is kept
// for review and later rescreening, with the document number masked; the keys are HMACs of the
// document number, phone and normalised address, so reuse across user ids can be found without
// storing the raw values twice.
export const identityVerifications = pgTable(
  "identity_verifications",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    userId: text("user_id").notNull(),
    type: text("type", { enum: ["individual", "business"] }).notNull(),
    status: text("status", { enum: verificationStatuses }).notNull(),
    checks: jsonb("checks").$type<StoredCheck[]>().notNull(),
    subject: jsonb("subject").$type<Record<string, unknown>>().notNull(),
    /** Full name (individual) or legal name (business), as screened. */
    name: text("name").notNull(),
    dateOfBirth: text("date_of_birth"),
    country: text("country"),
    documentKey: text("document_key"),
    phoneKey: text("phone_key"),
    addressKey: text("address_key"),
    emailKey: text("email_key"),
    sessionId: text("session_id"),
    screeningId: text("screening_id"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("idv_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("idv_user_idx").on(t.accountId, t.environment, t.userId, t.createdAt),
    index("idv_document_idx").on(t.accountId, t.environment, t.documentKey),
    index("idv_phone_idx").on(t.accountId, t.environment, t.phoneKey),
    index("idv_address_idx").on(t.accountId, t.environment, t.addressKey),
    index("idv_status_idx").on(t.accountId, t.environment, t.status, t.createdAt),
  ],
);

export const reviewStates = ["not_required", "pending_review", "true_match", "false_positive", "needs_information", "cleared"] as const;
export type ReviewState = (typeof reviewStates)[number];

export type StoredMatch = {
  entity_id: string;
  entity_version: string;
  list: string;
  match_score: number;
  entity_name: string;
  entity_type: "individual" | "organization";
  reason: string;
  matched_name: string;
  matched_alias_strength: string;
  dob_match: string;
};

// Every watchlist screening, stored with what was screened and what matched, so a reviewer sees
// exactly what the API answered, and a decision can be recorded against it (the watchlist review
// of server/domain/identity/README.md).
export const screenings = pgTable(
  "screenings",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    userId: text("user_id"),
    name: text("name").notNull(),
    dateOfBirth: text("date_of_birth"),
    entityType: text("entity_type", { enum: ["individual", "organization"] }),
    lists: text("lists").array().notNull(),
    status: text("status", { enum: ["clear", "match", "possible_match"] }).notNull(),
    matches: jsonb("matches").$type<StoredMatch[]>().notNull(),
    suppressedMatches: jsonb("suppressed_matches").$type<StoredMatch[]>().notNull(),
    reviewState: text("review_state", { enum: reviewStates }).notNull(),
    reviewDecisionId: text("review_decision_id"),
    verificationId: text("verification_id"),
    source: text("source", { enum: ["api", "identity_verification"] }).notNull(),
    /** Who was screened against what (server/domain/screening/subject-key.ts): twins share it; null for clear screenings and rows stored before 0031. */
    subjectKey: text("subject_key"),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("screenings_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("screenings_subject_idx").on(t.accountId, t.environment, t.subjectKey, t.createdAt),
    index("screenings_review_idx").on(t.accountId, t.environment, t.reviewState, t.createdAt),
    index("screenings_user_idx").on(t.accountId, t.environment, t.userId, t.createdAt),
  ],
);

// A false-positive decision on a screening clears that (user, listed entity) pair in later
// screenings of the user, until the list entry changes (its version).
export const screeningSuppressions = pgTable(
  "screening_suppressions",
  {
    ...scopeColumns,
    userId: text("user_id").notNull(),
    entityId: text("entity_id").notNull(),
    entityVersion: text("entity_version").notNull(),
    screeningId: text("screening_id").notNull(),
    decisionId: text("decision_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment, t.userId, t.entityId] })],
);

/** A stored screening, as the domain reads it. */
export type ScreeningRow = typeof screenings.$inferSelect;
