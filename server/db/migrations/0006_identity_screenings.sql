CREATE TABLE "identity_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"checks" jsonb NOT NULL,
	"subject" jsonb NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" text,
	"country" text,
	"document_key" text,
	"phone_key" text,
	"address_key" text,
	"email_key" text,
	"session_id" text,
	"screening_id" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_suppressions" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"user_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_version" text NOT NULL,
	"screening_id" text NOT NULL,
	"decision_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "screening_suppressions_account_id_environment_user_id_entity_id_pk" PRIMARY KEY("account_id","environment","user_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"date_of_birth" text,
	"entity_type" text,
	"lists" text[] NOT NULL,
	"status" text NOT NULL,
	"matches" jsonb NOT NULL,
	"suppressed_matches" jsonb NOT NULL,
	"review_state" text NOT NULL,
	"review_decision_id" text,
	"verification_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idv_scope_created_idx" ON "identity_verifications" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "idv_user_idx" ON "identity_verifications" USING btree ("account_id","environment","user_id","created_at");--> statement-breakpoint
CREATE INDEX "idv_document_idx" ON "identity_verifications" USING btree ("account_id","environment","document_key");--> statement-breakpoint
CREATE INDEX "idv_phone_idx" ON "identity_verifications" USING btree ("account_id","environment","phone_key");--> statement-breakpoint
CREATE INDEX "idv_address_idx" ON "identity_verifications" USING btree ("account_id","environment","address_key");--> statement-breakpoint
CREATE INDEX "idv_status_idx" ON "identity_verifications" USING btree ("account_id","environment","status","created_at");--> statement-breakpoint
CREATE INDEX "screenings_scope_created_idx" ON "screenings" USING btree ("account_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "screenings_review_idx" ON "screenings" USING btree ("account_id","environment","review_state","created_at");--> statement-breakpoint
CREATE INDEX "screenings_user_idx" ON "screenings" USING btree ("account_id","environment","user_id","created_at");