import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const jobStates = ["queued", "running", "done", "failed"] as const;

// The durable job queue. A job row is written in the same transaction as the change that needs it,
// so an acknowledged request never loses its follow-up work; runners claim rows with
// FOR UPDATE SKIP LOCKED and a lease, so a crashed runner's jobs are picked up again.
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state", { enum: jobStates }).notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    // Singleton jobs (periodic maintenance) carry a key so only one is queued at a time.
    uniqueKey: text("unique_key").unique(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("jobs_claim_idx").on(t.state, t.runAt)],
);
