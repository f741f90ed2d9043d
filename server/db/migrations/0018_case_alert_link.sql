-- A case remembers the alert it was opened from (an addition), and an alert has at most one case
-- that is not closed: opening a second is refused (422) instead of starting a parallel investigation.
ALTER TABLE "cases" ADD COLUMN "alert_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_alert_active_idx" ON "cases" USING btree ("account_id","environment","alert_id") WHERE alert_id is not null and status <> 'closed';