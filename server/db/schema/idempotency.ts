import { index, integer, json, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

// One row per (account, environment, surface, key). `state` is `in_progress` while the first
// request runs and `completed` once its response is stored in the same transaction as its writes.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    ...scopeColumns,
    surface: text("surface", { enum: ["a", "b"] }).notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: ["in_progress", "completed"] }).notNull(),
    // Version of the response contract the stored body was written under (Surface B: 409
    // idempotency_not_replayable when older).
    contractVersion: integer("contract_version").notNull(),
    responseStatus: integer("response_status"),
    // json, not jsonb: the text is kept as written, so a replay is the original response byte for
    // byte (jsonb reorders keys by length); nothing ever queries inside it.
    responseBody: json("response_body"),
    lockedAt: timestamp("locked_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment, t.surface, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
