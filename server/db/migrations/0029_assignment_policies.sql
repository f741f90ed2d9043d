CREATE TABLE "assignment_policies" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"mode" text NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_policies_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
