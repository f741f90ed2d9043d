import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export const sessionActions = ["login", "checkout", "onboarding", "account_change"] as const;

// Device sessions. `device_id` is derived from what the request carries (see "Device sessions" in
// server/domain/scoring/README.md), so the same device gets the same id in every session; a
// device's history is the set of its sessions and of the live scores that carried them.
export const deviceSessions = pgTable(
  "device_sessions",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    deviceId: text("device_id").notNull(),
    userId: text("user_id"),
    action: text("action", { enum: sessionActions }),
    pageUrl: text("page_url").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Device trust when the session opened (the response's `device_trusted`). */
    trusted: boolean("trusted").notNull(),
    /** The first session ever of this device on the account (environment). */
    firstSeen: boolean("first_seen").notNull(),
    /**
     * Whether the request carried anything that identifies the device (a fingerprint, or a
     * client's User-Agent). When it did not (a merchant's server calling without forwarding
     * them), device_id is this session's own and no device history applies to it.
     */
    identified: boolean("identified").notNull().default(true),
    /** A headless or automated browser announced itself in the User-Agent. */
    automation: boolean("automation").notNull().default(false),
    /** The page_url's host differs from the Origin/Referer the request came with. */
    contextMismatch: boolean("context_mismatch").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("device_sessions_device_idx").on(t.accountId, t.environment, t.deviceId, t.createdAt),
    index("device_sessions_scope_created_idx").on(t.accountId, t.environment, t.createdAt),
    // A user's sessions: the user profile and the link graph (server/domain/graph/README.md).
    index("device_sessions_user_idx").on(t.accountId, t.environment, t.userId, t.createdAt),
  ],
);
