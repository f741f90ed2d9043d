import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  // Operator override of every rate limit of the account's keys (`keys limits`); null: defaults.
  rateLimitPerMinute: integer("rate_limit_per_minute"),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// Instance-wide settings shared by every API process (for example the console's JWT secret when
// ARGUS_CONSOLE_SECRET is not set), so N processes on one database agree without extra config.
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
