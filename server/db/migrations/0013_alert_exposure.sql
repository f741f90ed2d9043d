CREATE TABLE "alert_exposure" (
	"alert_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "alert_exposure_alert_id_currency_pk" PRIMARY KEY("alert_id","currency")
);
--> statement-breakpoint
ALTER TABLE "alert_exposure" ADD CONSTRAINT "alert_exposure_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Alerts raised before this table existed: their sums from their members, as the recount made them.
INSERT INTO "alert_exposure" ("alert_id", "currency", "amount")
SELECT m."alert_id", t."currency", sum(t."amount")
FROM "alert_transactions" m
JOIN "transactions" t ON t."id" = m."transaction_id" AND t."account_id" = m."account_id" AND t."environment" = m."environment"
GROUP BY m."alert_id", t."currency";
