CREATE TABLE "alert_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"alert_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "case_id" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "alert_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_alert_seq_idx" ON "alert_events" USING btree ("alert_id","seq");--> statement-breakpoint
CREATE INDEX "alerts_scope_case_idx" ON "alerts" USING btree ("account_id","environment","case_id");--> statement-breakpoint
CREATE INDEX "cases_alert_ids_idx" ON "cases" USING gin ("alert_ids");--> statement-breakpoint
-- A case opened from an alert lists it as its first linked alert, and the alert carries the case
-- (the latest one opened from it).
UPDATE "cases" SET "alert_ids" = ARRAY["alert_id"] WHERE "alert_id" IS NOT NULL;--> statement-breakpoint
UPDATE "alerts" a SET "case_id" = c."id" FROM (SELECT DISTINCT ON ("alert_id") "id", "alert_id" FROM "cases" WHERE "alert_id" IS NOT NULL ORDER BY "alert_id", "created_at" DESC, "id" DESC) c WHERE a."id" = c."alert_id";--> statement-breakpoint
-- An alert's history is append-only, like the case audit log.
CREATE OR REPLACE FUNCTION argus_alert_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('argus.retention_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'alert events are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER alert_events_immutable BEFORE UPDATE OR DELETE ON alert_events FOR EACH ROW EXECUTE FUNCTION argus_alert_events_immutable();
--> statement-breakpoint
CREATE TRIGGER alert_events_no_truncate BEFORE TRUNCATE ON alert_events FOR EACH STATEMENT EXECUTE FUNCTION argus_alert_events_immutable();
