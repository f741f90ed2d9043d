-- A device session whose request carried nothing that identifies a device (no device_fingerprint,
-- no client User-Agent: a merchant's server calling without forwarding them) gets a device_id of
-- its own and no device history. Existing sessions were all derived from their evidence.
ALTER TABLE "device_sessions" ADD COLUMN "identified" boolean DEFAULT true NOT NULL;