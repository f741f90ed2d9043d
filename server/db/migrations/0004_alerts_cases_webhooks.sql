CREATE TABLE "alert_transactions" (
	"alert_id" text NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "alert_transactions_alert_id_transaction_id_pk" PRIMARY KEY("alert_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "alert_users" (
	"alert_id" text NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "alert_users_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"alert_type" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"severity" text NOT NULL,
	"confidence" double precision NOT NULL,
	"affected_users" bigint DEFAULT 0 NOT NULL,
	"affected_transactions" bigint DEFAULT 0 NOT NULL,
	"exposure_amount" bigint DEFAULT 0 NOT NULL,
	"exposure_currency" text,
	"summary" text NOT NULL,
	"evidence" jsonb,
	"resolution_notes" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"case_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"title" text NOT NULL,
	"case_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"severity" text DEFAULT 'medium' NOT NULL,
	"severity_rank" integer GENERATED ALWAYS AS (case severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end) STORED NOT NULL,
	"transaction_ids" text[] DEFAULT '{}' NOT NULL,
	"user_id" text,
	"assignee_id" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"dispatch_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"attempt" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"status_code" integer,
	"latency_ms" integer,
	"error" text,
	"response_body" text,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_dispatches" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"secret" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_transactions" ADD CONSTRAINT "alert_transactions_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_users" ADD CONSTRAINT "alert_users_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_dispatch_id_webhook_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."webhook_dispatches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_dispatches" ADD CONSTRAINT "webhook_dispatches_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_users_user_idx" ON "alert_users" USING btree ("account_id","environment","user_id");--> statement-breakpoint
CREATE INDEX "alerts_scope_created_idx" ON "alerts" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "alerts_scope_status_idx" ON "alerts" USING btree ("account_id","environment","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_key_idx" ON "alerts" USING btree ("account_id","environment","alert_type","key") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "case_events_case_idx" ON "case_events" USING btree ("case_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_scope_created_idx" ON "cases" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_scope_priority_idx" ON "cases" USING btree ("account_id","environment","severity_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_scope_assignee_idx" ON "cases" USING btree ("account_id","environment","assignee_id");--> statement-breakpoint
CREATE INDEX "cases_scope_user_idx" ON "cases" USING btree ("account_id","environment","user_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_dispatches_event_endpoint_idx" ON "webhook_dispatches" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_dispatches_endpoint_idx" ON "webhook_dispatches" USING btree ("endpoint_id","state");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_scope_idx" ON "webhook_endpoints" USING btree ("account_id","environment","created_at","id");