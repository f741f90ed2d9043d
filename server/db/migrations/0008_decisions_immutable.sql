-- Decisions are immutable audit records: the database itself refuses to change them.
-- A correction is a new decision. Like the event log, only the retention purge may delete, and
-- only inside a transaction that set `argus.retention_purge = 'on'` (SET LOCAL).
CREATE OR REPLACE FUNCTION argus_decisions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('argus.retention_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'decisions are immutable: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER decisions_immutable BEFORE UPDATE OR DELETE ON decisions FOR EACH ROW EXECUTE FUNCTION argus_decisions_immutable();
--> statement-breakpoint
CREATE TRIGGER decisions_no_truncate BEFORE TRUNCATE ON decisions FOR EACH STATEMENT EXECUTE FUNCTION argus_decisions_immutable();
