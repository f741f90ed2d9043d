-- No statement filters, joins, groups or sorts on a JSON document column (a plan never depends
-- on their statistics), yet an ANALYZE samples and compares them, and they are most of what it
-- costs: `ANALYZE events` over 40,000 rows took 24–30 ms with `payload`, 8–9 ms without. On the
-- embedded database an ANALYZE holds the one session that also serves scoring, so every
-- statement waits for it. A statistics target of 0 leaves the column out of every ANALYZE; the
-- rest of each table is analyzed as before (and a whole-table ANALYZE still resets the count of
-- changed rows the upkeep's rule reads).
ALTER TABLE "events" ALTER COLUMN "payload" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "data" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "payload" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "signals" SET STATISTICS 0, ALTER COLUMN "metadata" SET STATISTICS 0, ALTER COLUMN "explanation" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "evidence" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "case_events" ALTER COLUMN "details" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "identity_verifications" ALTER COLUMN "checks" SET STATISTICS 0, ALTER COLUMN "subject" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "screenings" ALTER COLUMN "matches" SET STATISTICS 0, ALTER COLUMN "suppressed_matches" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "payment_verifications" ALTER COLUMN "checks" SET STATISTICS 0;
