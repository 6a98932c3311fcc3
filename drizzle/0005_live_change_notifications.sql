-- Live updates between devices (docs/architecture.md): every committed change to a table the offline
-- feeds download sends NOTIFY reunion_changes '{"table": …, "cursor": …}' (delivered at commit, never for a
-- rolled-back transaction), and every revoked session sends NOTIFY reunion_sessions '<id>', so each server
-- instance LISTENing can poke its own staff streams. Payloads stay small: a table name and a number.
CREATE OR REPLACE FUNCTION reunion_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reunion_changes', json_build_object('table', TG_TABLE_NAME, 'cursor', pg_sequence_last_value('sync_version_seq'))::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER registrations_notify_change AFTER INSERT OR UPDATE OR DELETE ON "registrations" FOR EACH STATEMENT EXECUTE FUNCTION reunion_notify_change();--> statement-breakpoint
CREATE TRIGGER attendees_notify_change AFTER INSERT OR UPDATE OR DELETE ON "attendees" FOR EACH STATEMENT EXECUTE FUNCTION reunion_notify_change();--> statement-breakpoint
CREATE TRIGGER flights_notify_change AFTER INSERT OR UPDATE OR DELETE ON "flights" FOR EACH STATEMENT EXECUTE FUNCTION reunion_notify_change();--> statement-breakpoint
CREATE TRIGGER hotel_assignments_notify_change AFTER INSERT OR UPDATE OR DELETE ON "hotel_assignments" FOR EACH STATEMENT EXECUTE FUNCTION reunion_notify_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION reunion_notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    PERFORM pg_notify('reunion_sessions', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_revoked AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW EXECUTE FUNCTION reunion_notify_session_revoked();
