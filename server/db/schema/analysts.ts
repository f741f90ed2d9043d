import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { accounts } from "./accounts";

export const analystRoles = ["analyst", "lead", "admin"] as const;
/** Whether an analyst takes new work (server/domain/desk/README.md): auto-assignment skips `away`. */
export const availabilities = ["available", "away"] as const;
export type Availability = (typeof availabilities)[number];
export type AnalystRole = (typeof analystRoles)[number];

export const analysts = pgTable(
  "analysts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: analystRoles }).notNull(),
    // argon2id PHC string; null for analysts who only sign in through an OIDC provider.
    passwordHash: text("password_hash"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true, mode: "date" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    availability: text("availability", { enum: availabilities }).notNull().default("available"),
    /** When and by whom availability last changed (themselves, or a lead or admin). */
    availabilityChangedAt: timestamp("availability_changed_at", { withTimezone: true, mode: "date" }),
    availabilityChangedBy: text("availability_changed_by"),
    createdAt: createdAt(),
  },
  // An analyst belongs to one account, and a console serves one account: the e-mail is the sign-in
  // name within it (case-insensitive). The same person may be an analyst of two accounts.
  (t) => [uniqueIndex("analysts_account_email_idx").on(t.accountId, sql`lower(${t.email})`)],
);

export const sessionMethods = ["password", "sso"] as const;
export const sessionEndReasons = ["signed_out", "disabled", "role_changed", "expired"] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

// Console sessions, kept by the API so that signing out, disabling an analyst or changing their
// role ends a session at once: the console checks its session here on every request, and every
// dashboard token names the session it was minted for.
export const analystSessions = pgTable(
  "analyst_sessions",
  {
    id: text("id").primaryKey(),
    analystId: text("analyst_id")
      .notNull()
      .references(() => analysts.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    method: text("method", { enum: sessionMethods }).notNull(),
    createdAt: createdAt(),
    /** The absolute limit: a session ends a working day after sign-in, however active. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    endReason: text("end_reason", { enum: sessionEndReasons }),
  },
  (t) => [
    index("analyst_sessions_live_idx")
      .on(t.analystId)
      .where(sql`ended_at is null`),
    index("analyst_sessions_expires_idx").on(t.expiresAt),
  ],
);
