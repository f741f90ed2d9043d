ALTER TABLE "detection_inbox" DROP COLUMN "claimed_by";--> statement-breakpoint
ALTER TABLE "detection_inbox" DROP COLUMN "claimed_until";