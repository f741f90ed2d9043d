-- Indexes the detection engine's window queries need on tables other areas own (the engine only
-- reads them). New-device-cluster finds the users and first sighting of an IP in device sessions;
-- the account-takeover detector finds a user's account_change sessions.
CREATE INDEX IF NOT EXISTS "detection_device_sessions_ip_idx" ON "device_sessions" USING btree ("account_id","environment","ip_address","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "detection_device_sessions_change_idx" ON "device_sessions" USING btree ("account_id","environment","user_id","created_at") WHERE "action" = 'account_change';
