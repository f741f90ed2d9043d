ALTER TABLE "alert_transactions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "alert_transactions" ADD COLUMN "card_key" text;--> statement-breakpoint
ALTER TABLE "alert_transactions" ADD COLUMN "ip_address" text;--> statement-breakpoint
-- Members that joined before: copied from their transactions, in the alert's scope only (as joining does).
UPDATE "alert_transactions" m SET "device_id" = t."device_id", "card_key" = t."card_key", "ip_address" = t."ip_address" FROM "transactions" t WHERE t."id" = m."transaction_id" AND t."account_id" = m."account_id" AND t."environment" = m."environment";
