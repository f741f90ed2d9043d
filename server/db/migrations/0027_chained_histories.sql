ALTER TABLE "case_events" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "case_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "hash" text;