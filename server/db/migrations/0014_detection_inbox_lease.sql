ALTER TABLE "detection_inbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "detection_inbox" ADD COLUMN "claimed_until" timestamp with time zone;