import { sql } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";

// Shared column builders. Every environment-scoped table spreads `scopeColumns` so that the
// scoping helper in ../scope.ts can filter any of them by account and environment.
export const environments = ["live", "test"] as const;
export type Environment = (typeof environments)[number];

// Millisecond precision, like a JS Date: list cursors carry created_at, and a microsecond part the
// cursor cannot express would make keyset pagination repeat or skip rows.
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" })
    .notNull()
    .default(sql`date_trunc('milliseconds', now())`);

export const scopeColumns = {
  accountId: text("account_id").notNull(),
  environment: text("environment", { enum: environments }).notNull(),
};
