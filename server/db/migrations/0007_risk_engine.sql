CREATE TABLE "decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"transaction_id" text,
	"screening_id" text,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"notes" text,
	"analyst_id" text,
	"actor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "decisions_one_subject" CHECK (num_nonnulls("decisions"."transaction_id", "decisions"."screening_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "device_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" text,
	"action" text,
	"page_url" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"trusted" boolean NOT NULL,
	"first_seen" boolean NOT NULL,
	"automation" boolean DEFAULT false NOT NULL,
	"context_mismatch" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_models" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_models_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
--> statement-breakpoint
CREATE TABLE "risk_policies" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"block_threshold" integer NOT NULL,
	"challenge_threshold" integer NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retention_days" integer NOT NULL,
	"ip_ranges_csv" text,
	"bin_table_csv" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_policies_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
--> statement-breakpoint
CREATE TABLE "blocklist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"source" text NOT NULL,
	"transaction_id" text,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"user_id" text NOT NULL,
	"payment_method_type" text NOT NULL,
	"card_key" text,
	"bank_key" text,
	"amount" bigint,
	"currency" text,
	"status" text NOT NULL,
	"checks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "explanation" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reviewed_decision" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "decisions_scope_created_idx" ON "decisions" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "decisions_transaction_idx" ON "decisions" USING btree ("account_id","environment","transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "decisions_screening_idx" ON "decisions" USING btree ("account_id","environment","screening_id","created_at");--> statement-breakpoint
CREATE INDEX "device_sessions_device_idx" ON "device_sessions" USING btree ("account_id","environment","device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_sessions_scope_created_idx" ON "device_sessions" USING btree ("account_id","environment","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blocklist_entries_value_idx" ON "blocklist_entries" USING btree ("account_id","environment","kind","value");--> statement-breakpoint
CREATE INDEX "blocklist_entries_scope_created_idx" ON "blocklist_entries" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "blocklist_entries_transaction_idx" ON "blocklist_entries" USING btree ("account_id","environment","transaction_id");--> statement-breakpoint
CREATE INDEX "payment_verifications_user_idx" ON "payment_verifications" USING btree ("account_id","environment","user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_verifications_card_idx" ON "payment_verifications" USING btree ("account_id","environment","card_key","created_at");--> statement-breakpoint
CREATE INDEX "transactions_user_fraud_idx" ON "transactions" USING btree ("account_id","environment","user_id") WHERE label = 'fraud';--> statement-breakpoint
CREATE INDEX "transactions_device_flag_idx" ON "transactions" USING btree ("account_id","environment","device_id") WHERE device_id is not null and (label = 'fraud' or decision = 'block' or reviewed_decision = 'block');