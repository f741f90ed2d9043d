import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";
import type { CaseType } from "./cases";
import type { SeverityLevel } from "./alerts";

export const assignmentModes = ["manual", "auto"] as const;
export type AssignmentMode = (typeof assignmentModes)[number];
/** A rule of automatic assignment: cases of these types and severities go to these analysts. */
export type AssignmentRule = { case_types: CaseType[] | null; severities: SeverityLevel[] | null; analyst_ids: string[] };

// How new cases reach analysts, per account and environment (server/domain/desk/README.md,
// "Assignment"); absent = manual. `version` orders two leads changing it at once (If-Match).
export const assignmentPolicies = pgTable(
  "assignment_policies",
  {
    ...scopeColumns,
    mode: text("mode", { enum: assignmentModes }).notNull(),
    rules: jsonb("rules").$type<AssignmentRule[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment] })],
);
