CREATE TABLE "quality_review_policies" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"sample_rate" double precision DEFAULT 0.05 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "quality_review_policies_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
--> statement-breakpoint
CREATE TABLE "quality_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"case_id" text NOT NULL,
	"first_analyst_id" text NOT NULL,
	"first_resolution" text NOT NULL,
	"resolved_seq" integer NOT NULL,
	"second_analyst_id" text,
	"second_resolution" text,
	"second_notes" text,
	"agreed" boolean,
	"status" text DEFAULT 'pending' NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quality_reviews_case_idx" ON "quality_reviews" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "quality_reviews_queue_idx" ON "quality_reviews" USING btree ("account_id","environment","status","drawn_at","id");--> statement-breakpoint
CREATE INDEX "quality_reviews_report_idx" ON "quality_reviews" USING btree ("account_id","environment","completed_at");