-- The JSON document columns added since 0016 leave ANALYZE too, for the same reason (no plan reads
-- their statistics, and sampling them is most of an ANALYZE's cost); the small policy tables keep theirs.
ALTER TABLE "alert_events" ALTER COLUMN "details" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "request" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "backtests" ALTER COLUMN "draft" SET STATISTICS 0, ALTER COLUMN "tallies" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "case_events" ALTER COLUMN "snapshot" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "decisions" ALTER COLUMN "snapshot" SET STATISTICS 0;
