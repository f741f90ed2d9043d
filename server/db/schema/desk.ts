import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { analysts } from "./analysts";
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

export const savedViewQueues = ["alerts", "cases"] as const;
export type SavedViewQueue = (typeof savedViewQueues)[number];

// An analyst's named filter + sort set of a queue (server/domain/desk/README.md, "Saved views"):
// their own, or shared with the team by a lead or admin. Names are unique per owner and queue,
// whatever their case.
export const savedViews = pgTable(
  "saved_views",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    ownerId: text("owner_id")
      .notNull()
      .references(() => analysts.id),
    queue: text("queue", { enum: savedViewQueues }).notNull(),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<Record<string, string>>().notNull().default({}),
    sort: text("sort").notNull(),
    shared: boolean("shared").notNull().default(false),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_views_owner_name_idx").on(t.accountId, t.environment, t.ownerId, t.queue, sql`lower(${t.name})`),
    index("saved_views_shared_idx").on(t.accountId, t.environment, t.queue, t.shared),
  ],
);

// The view a queue opens on when its address has no parameters: one per analyst and queue (the
// primary key); deleting the view removes it.
export const savedViewDefaults = pgTable(
  "saved_view_defaults",
  {
    ...scopeColumns,
    analystId: text("analyst_id")
      .notNull()
      .references(() => analysts.id),
    queue: text("queue", { enum: savedViewQueues }).notNull(),
    viewId: text("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment, t.analystId, t.queue] }), index("saved_view_defaults_view_idx").on(t.viewId)],
);
