CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method_type" text NOT NULL,
	"card_bin" text,
	"card_last_four" text,
	"card_key" text,
	"wallet_type" text,
	"email" text,
	"ip_address" text,
	"phone" text,
	"merchant_id" text,
	"merchant_category" text,
	"session_id" text,
	"device_id" text,
	"risk_score" integer NOT NULL,
	"decision" text NOT NULL,
	"signals" jsonb NOT NULL,
	"model_version" text NOT NULL,
	"latency_ms" integer NOT NULL,
	"metadata" jsonb,
	"label" text,
	"analysis_id" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transactions_scope_created_idx" ON "transactions" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("account_id","environment","user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_card_idx" ON "transactions" USING btree ("account_id","environment","card_key","created_at");--> statement-breakpoint
CREATE INDEX "transactions_ip_idx" ON "transactions" USING btree ("account_id","environment","ip_address","created_at");--> statement-breakpoint
CREATE INDEX "transactions_device_idx" ON "transactions" USING btree ("account_id","environment","device_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_email_idx" ON "transactions" USING btree ("account_id","environment","email","created_at");