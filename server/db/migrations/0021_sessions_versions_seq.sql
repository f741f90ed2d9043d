CREATE TABLE "analyst_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"analyst_id" text NOT NULL,
	"account_id" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
DROP INDEX "analysts_email_idx";--> statement-breakpoint
DROP INDEX "case_events_case_idx";--> statement-breakpoint
DROP INDEX "decisions_transaction_idx";--> statement-breakpoint
DROP INDEX "decisions_screening_idx";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Histories in commit order: existing entries are numbered in the order they were listed until now
-- (created_at, then id). The append-only triggers step aside for this one numbering.
ALTER TABLE "case_events" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "case_events" DISABLE TRIGGER "case_events_immutable";--> statement-breakpoint
UPDATE "case_events" e SET "seq" = n.seq FROM (SELECT "id", row_number() OVER (PARTITION BY "case_id" ORDER BY "created_at", "id") AS seq FROM "case_events") n WHERE e."id" = n."id";--> statement-breakpoint
ALTER TABLE "case_events" ENABLE TRIGGER "case_events_immutable";--> statement-breakpoint
ALTER TABLE "case_events" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "decisions" DISABLE TRIGGER "decisions_immutable";--> statement-breakpoint
UPDATE "decisions" d SET "seq" = n.seq FROM (SELECT "id", row_number() OVER (PARTITION BY "account_id", "environment", coalesce("transaction_id", "screening_id") ORDER BY "created_at", "id") AS seq FROM "decisions") n WHERE d."id" = n."id";--> statement-breakpoint
ALTER TABLE "decisions" ENABLE TRIGGER "decisions_immutable";--> statement-breakpoint
ALTER TABLE "decisions" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analyst_sessions" ADD CONSTRAINT "analyst_sessions_analyst_id_analysts_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."analysts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyst_sessions" ADD CONSTRAINT "analyst_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyst_sessions_live_idx" ON "analyst_sessions" USING btree ("analyst_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "analyst_sessions_expires_idx" ON "analyst_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analysts_account_email_idx" ON "analysts" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "case_events_case_seq_idx" ON "case_events" USING btree ("case_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_transaction_seq_idx" ON "decisions" USING btree ("account_id","environment","transaction_id","seq") WHERE transaction_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_screening_seq_idx" ON "decisions" USING btree ("account_id","environment","screening_id","seq") WHERE screening_id is not null;