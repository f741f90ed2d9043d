import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { accounts } from "./accounts";

export const analystRoles = ["analyst", "lead", "admin"] as const;
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
    createdAt: createdAt(),
  },
  // E-mail is the sign-in name, so it is unique across the instance (case-insensitive).
  (t) => [uniqueIndex("analysts_email_idx").on(sql`lower(${t.email})`)],
);
