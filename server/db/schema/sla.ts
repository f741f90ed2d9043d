import { jsonb, pgTable, primaryKey, text, timestamp, integer } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";
import type { SeverityLevel } from "./alerts";

export type DueSeconds = Record<SeverityLevel, number>;

// The account's SLA policy per environment (server/domain/sla/README.md); absent = the defaults.
// A BEFORE INSERT / UPDATE OF severity trigger on cases and alerts reads it to set `due_at`
// (migration 0029_lead_desk), so every writer (API, engine, demo seeding) gets the same due time.
export const slaPolicies = pgTable(
  "sla_policies",
  {
    ...scopeColumns,
    caseDueSeconds: jsonb("case_due_seconds").$type<DueSeconds>().notNull(),
    alertDueSeconds: jsonb("alert_due_seconds").$type<DueSeconds>().notNull(),
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);
