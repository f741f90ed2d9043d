import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, environments } from "./columns";
import { accounts } from "./accounts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    environment: text("environment", { enum: environments }).notNull(),
    label: text("label").notNull(),
    // Empty array = unrestricted (every scope).
    scopes: text("scopes").array().notNull().default([]),
    // SHA-256 of the full key, hex. The key itself is never stored.
    keyHash: text("key_hash").notNull().unique(),
    lastFour: text("last_four").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    requestCount: bigint("request_count", { mode: "number" }).notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdBy: text("created_by"),
  },
  (t) => [index("api_keys_account_env_idx").on(t.accountId, t.environment, t.createdAt)],
);
