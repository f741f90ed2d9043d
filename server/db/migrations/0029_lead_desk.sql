CREATE TABLE "sla_policies" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"case_due_seconds" jsonb NOT NULL,
	"alert_due_seconds" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_policies_account_id_environment_pk" PRIMARY KEY("account_id","environment")
);
--> statement-breakpoint
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
--> statement-breakpoint
ALTER TABLE "analysts" ADD COLUMN "availability" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "analysts" ADD COLUMN "availability_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analysts" ADD COLUMN "availability_changed_by" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "due_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "sla_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "due_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "sla_breached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alerts_scope_due_idx" ON "alerts" USING btree ("account_id","environment","due_at","id");--> statement-breakpoint
CREATE INDEX "alerts_sla_pending_idx" ON "alerts" USING btree ("due_at") WHERE sla_breached_at is null and status in ('open', 'acknowledged');--> statement-breakpoint
CREATE INDEX "cases_scope_due_idx" ON "cases" USING btree ("account_id","environment","due_at","id");--> statement-breakpoint
CREATE INDEX "cases_sla_pending_idx" ON "cases" USING btree ("due_at") WHERE sla_breached_at is null and status in ('open', 'in_review');--> statement-breakpoint
-- Items that existed before SLAs: due by the default policy; those already past due are recorded as
-- breached without an event or webhook (a deploy must not announce years of history at once).
UPDATE "cases" SET "due_at" = "created_at" + make_interval(secs => CASE "severity" WHEN 'critical' THEN 14400 WHEN 'high' THEN 86400 WHEN 'medium' THEN 259200 ELSE 604800 END);--> statement-breakpoint
UPDATE "cases" SET "sla_breached_at" = "due_at" WHERE "due_at" <= now() AND "status" IN ('open', 'in_review');--> statement-breakpoint
UPDATE "alerts" SET "due_at" = "created_at" + make_interval(secs => CASE "severity" WHEN 'critical' THEN 14400 WHEN 'high' THEN 86400 WHEN 'medium' THEN 259200 ELSE 604800 END);--> statement-breakpoint
UPDATE "alerts" SET "sla_breached_at" = "due_at" WHERE "due_at" <= now() AND "status" IN ('open', 'acknowledged');--> statement-breakpoint
-- due_at = created_at + the due time of the severity (the account's sla_policies row, else the
-- defaults), set on insert and when the severity changes (under the policy of that moment).
CREATE OR REPLACE FUNCTION argus_sla_due_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  secs double precision;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.severity IS NOT DISTINCT FROM OLD.severity THEN
    RETURN NEW;
  END IF;
  SELECT ((CASE WHEN TG_TABLE_NAME = 'cases' THEN p.case_due_seconds ELSE p.alert_due_seconds END) ->> NEW.severity)::double precision
    INTO secs FROM sla_policies p WHERE p.account_id = NEW.account_id AND p.environment = NEW.environment;
  IF secs IS NULL THEN
    secs := CASE NEW.severity WHEN 'critical' THEN 14400 WHEN 'high' THEN 86400 WHEN 'medium' THEN 259200 ELSE 604800 END;
  END IF;
  NEW.due_at := date_trunc('milliseconds', NEW.created_at + make_interval(secs => secs));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER cases_sla_due_at BEFORE INSERT OR UPDATE OF severity ON cases FOR EACH ROW EXECUTE FUNCTION argus_sla_due_at();--> statement-breakpoint
CREATE TRIGGER alerts_sla_due_at BEFORE INSERT OR UPDATE OF severity ON alerts FOR EACH ROW EXECUTE FUNCTION argus_sla_due_at();
