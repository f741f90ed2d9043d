CREATE TABLE "detection_ato_hits" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"device_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"average_amount" double precision NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "detection_ato_hits_account_id_environment_transaction_id_pk" PRIMARY KEY("account_id","environment","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "detection_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"source" text NOT NULL,
	"row_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "detection_settings" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"overrides" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detection_settings_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
--> statement-breakpoint
CREATE TABLE "detection_volume" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"scores" integer NOT NULL,
	CONSTRAINT "detection_volume_account_id_environment_bucket_pk" PRIMARY KEY("account_id","environment","bucket")
);
--> statement-breakpoint
CREATE INDEX "detection_ato_hits_time_idx" ON "detection_ato_hits" USING btree ("account_id","environment","scored_at");--> statement-breakpoint
CREATE UNIQUE INDEX "detection_inbox_row_idx" ON "detection_inbox" USING btree ("source","row_id");--> statement-breakpoint
CREATE INDEX "detection_inbox_scope_idx" ON "detection_inbox" USING btree ("account_id","environment","id");