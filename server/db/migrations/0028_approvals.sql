CREATE TABLE "approval_policies" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"case_false_positive_min_exposure" integer,
	"screening_review" boolean DEFAULT false NOT NULL,
	"score_policy_publish" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "approval_policies_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"action" text NOT NULL,
	"object_id" text NOT NULL,
	"object_version" integer,
	"request" jsonb NOT NULL,
	"maker_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decider_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "approvals_scope_status_idx" ON "approvals" USING btree ("account_id","environment","status","created_at","id");