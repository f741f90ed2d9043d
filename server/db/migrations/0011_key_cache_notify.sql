-- API processes keep recently used keys in memory (server/domain/keys/key-cache.ts). Every change
-- that can refuse or re-limit a key notifies them on channel `argus_keys` at commit, and each
-- process drops its whole cache; a process that is not listening does not cache at all.
-- The once-a-second usage flush (request_count, last_used_at) does not notify.
CREATE OR REPLACE FUNCTION argus_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('argus_keys', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_changed AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.scopes IS DISTINCT FROM NEW.scopes
    OR OLD.key_hash IS DISTINCT FROM NEW.key_hash OR OLD.environment IS DISTINCT FROM NEW.environment
    OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION argus_keys_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_deleted AFTER DELETE OR TRUNCATE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION argus_keys_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_limits_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.rate_limit_per_minute IS DISTINCT FROM NEW.rate_limit_per_minute)
  EXECUTE FUNCTION argus_keys_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_deleted AFTER DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION argus_keys_changed();
