CREATE TABLE "backtests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	"draft" jsonb NOT NULL,
	"total" integer,
	"scanned" integer DEFAULT 0 NOT NULL,
	"cursor_at" timestamp with time zone,
	"cursor_id" text,
	"tallies" jsonb,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "backtests_scope_created_idx" ON "backtests" USING btree ("account_id","environment","created_at","id");