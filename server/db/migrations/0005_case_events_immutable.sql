-- The case audit log is append-only: the database refuses to change or remove entries,
-- so the trail does not depend on application code. As for the event log, only a retention purge
-- that sets `argus.retention_purge = 'on'` for its own transaction (SET LOCAL) may delete.
CREATE OR REPLACE FUNCTION argus_case_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('argus.retention_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'case events are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER case_events_immutable BEFORE UPDATE OR DELETE ON case_events FOR EACH ROW EXECUTE FUNCTION argus_case_events_immutable();
--> statement-breakpoint
CREATE TRIGGER case_events_no_truncate BEFORE TRUNCATE ON case_events FOR EACH STATEMENT EXECUTE FUNCTION argus_case_events_immutable();
